-- "Minha inscrição" (decision 041): the ways back to a registration besides the
-- phone that made it, and the date until which a family corrects its own data.

-- A secret that opens one registration's page: a phone that found it with the
-- guardian's number and a code ('busca'), or a link the coordination sent
-- ('link'). Only the SHA-256 is kept, as for the upload token. "Gerar novo link"
-- deletes them all; the registration's deletion, the purge and the close too.
CREATE TABLE inscricao_acessos (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  inscricao_id uuid NOT NULL REFERENCES registrations(id) ON DELETE CASCADE,
  origem text NOT NULL CHECK (origem IN ('busca', 'link')),
  criado_em timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inscricao_acessos_inscricao_idx ON inscricao_acessos (inscricao_id);

-- "Gerar novo link" was used: the phone number and the code no longer open the
-- registration from another phone (a phone that changed hands knows both).
ALTER TABLE registrations ADD COLUMN link_trocado_em timestamptz;
COMMENT ON TABLE inscricao_acessos IS 'Secrets (hashed) that open a registration''s "Minha inscrição" page, besides the upload token of the phone that made it.';

ALTER TABLE event_settings DROP CONSTRAINT event_settings_chave_check;
ALTER TABLE event_settings ADD CONSTRAINT event_settings_chave_check CHECK (chave IN ('titulo', 'data', 'horario',
  'local', 'cidade', 'preco_centavos', 'pix_chave', 'pix_recebedor', 'pix_cidade', 'whatsapp', 'mensagens',
  'aviso_membros', 'fuso_horario', 'inscricoes_por_numero', 'autorizacao_exigida', 'viagem_destino', 'viagem_datas',
  'alteracoes_ate'));
