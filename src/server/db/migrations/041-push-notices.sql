-- "Avisos neste celular" (issue 52, decision 050): Web Push subscriptions, the registrations each one proved,
-- and the outbox the changes write their notices to. The rules that write notices are functions of their own
-- (caravana_avisar, caravana_avisos_inscricao); the sender is notices/send-outbox.ts.

-- One browser's push subscription (PushSubscription.toJSON()): where to post, and the keys to encrypt for it.
CREATE TABLE aviso_assinaturas (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint text NOT NULL UNIQUE CHECK (length(endpoint) <= 1024),
  p256dh text NOT NULL CHECK (length(p256dh) = 87),
  auth text NOT NULL CHECK (length(auth) = 22),
  -- A hash of the address that added it: the per-address limit counts by it (no address is kept).
  origem_hash text NOT NULL,
  criada_em timestamptz NOT NULL DEFAULT now(),
  -- The last time the phone said it holds its registrations: a sixth phone replaces the one quiet longest.
  confirmada_em timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE aviso_assinaturas IS 'A phone''s Web Push subscription; it lives only while it proves at least one registration (aviso_inscricoes).';

-- The registrations a subscription proved with their secrets: only these are announced to it.
CREATE TABLE aviso_inscricoes (
  assinatura_id bigint NOT NULL REFERENCES aviso_assinaturas (id) ON DELETE CASCADE,
  inscricao_id uuid NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  PRIMARY KEY (assinatura_id, inscricao_id)
);
CREATE INDEX aviso_inscricoes_inscricao_idx ON aviso_inscricoes (inscricao_id);
COMMENT ON TABLE aviso_inscricoes IS 'Which registrations each subscription proved; "Gerar novo link", a deletion and the close remove them.';

-- The outbox: one row per notice and subscription, written in the transaction of the change that causes it.
CREATE TABLE aviso_fila (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  assinatura_id bigint NOT NULL,
  -- The person it is about; a notice naming several (a message to siblings) is kept under the first.
  inscricao_id uuid NOT NULL,
  tipo text NOT NULL CHECK (tipo IN ('pagamento', 'vaga', 'onibus', 'prazo_amanha', 'vaga_liberada',
    'autorizacao', 'vespera', 'mensagem')),
  titulo text NOT NULL CHECK (length(titulo) <= 200),
  corpo text NOT NULL CHECK (length(corpo) <= 2000),
  urgencia text NOT NULL DEFAULT 'normal' CHECK (urgencia IN ('normal', 'high')),
  ttl_segundos integer NOT NULL CHECK (ttl_segundos BETWEEN 60 AND 2419200),
  -- Set by caravana_avisar from caravana_agora(), the clock the tests move.
  criado_em timestamptz NOT NULL DEFAULT now(),
  tentar_em timestamptz NOT NULL DEFAULT now(),
  tentativas integer NOT NULL DEFAULT 0,
  -- Taken by one instance until then; a crash before the answer lets another take it after.
  pego_ate timestamptz,
  ultimo_erro text,
  FOREIGN KEY (assinatura_id, inscricao_id) REFERENCES aviso_inscricoes (assinatura_id, inscricao_id) ON DELETE CASCADE
);
CREATE INDEX aviso_fila_tentar_idx ON aviso_fila (tentar_em, id);
CREATE INDEX aviso_fila_inscricao_idx ON aviso_fila (inscricao_id);
COMMENT ON TABLE aviso_fila IS 'Notices waiting to be posted to a push service, once each; sent ones are deleted.';

-- "Seu prazo para pagar vence amanhã": which deadline each registration was reminded of, so a deadline
-- is reminded once and an extended one again.
CREATE TABLE aviso_lembretes (
  inscricao_id uuid PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE,
  prazo timestamptz NOT NULL
);
COMMENT ON TABLE aviso_lembretes IS 'The deadline each registration''s "vence amanhã" notice was queued for.';

-- A message row sent as a notice instead of through WhatsApp.
ALTER TABLE mensagem_linhas ADD COLUMN canal text CHECK (canal IN ('whatsapp', 'aviso'));
UPDATE mensagem_linhas SET canal = 'whatsapp' WHERE estado = 'enviada';
COMMENT ON COLUMN mensagem_linhas.canal IS 'How a sent row went: WhatsApp, or a notice on the family''s phones.';
