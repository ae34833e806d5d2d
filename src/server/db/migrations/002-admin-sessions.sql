-- Admin sessions live on the server: the cookie holds a random token and only
-- its SHA-256 is stored, so a copy of the database cannot be replayed as a login.
CREATE TABLE admin_sessions (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX admin_sessions_expires_at_idx ON admin_sessions (expires_at);

-- 'Nome A-Z' pages and exports walk this index. COLLATE "C" gives the same
-- order on PGlite and on any PostgreSQL locale (nome_busca is already folded).
CREATE INDEX registrations_nome_busca_idx ON registrations ((nome_busca COLLATE "C"), id);
