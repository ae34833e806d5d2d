-- Payment reconciliation: a short reference per registration (carried in the
-- PIX code), a secret upload token (only its SHA-256 is kept), and receipts.
ALTER TABLE registrations
  ADD COLUMN referencia text UNIQUE CHECK (referencia ~ '^JDJ[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$'),
  ADD COLUMN upload_token_hash text CHECK (upload_token_hash ~ '^[0-9a-f]{64}$'),
  ADD COLUMN comprovante_path text UNIQUE CHECK (comprovante_path ~ '^comprovantes/[A-Za-z0-9_-]{16,64}\.(jpg|png|webp|heic|pdf)$');

-- Receipts live in the database: one storage for one machine or many instances,
-- in the same transactions and backups as the registrations they belong to.
CREATE TABLE receipts (
  registration_id uuid PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE,
  path text NOT NULL UNIQUE,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf')),
  size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
