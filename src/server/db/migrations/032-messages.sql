-- "Mensagens" (decision 043): lists of WhatsApp messages that the coordination
-- sends one tap at a time, the texts it saved, and the families that asked for none.

-- "Não quero receber mensagens" on "Minha inscrição": left out of every list.
ALTER TABLE registrations ADD COLUMN sem_mensagens_em timestamptz;
COMMENT ON COLUMN registrations.sem_mensagens_em IS 'When the family asked for no messages from the coordination ("Minha inscrição"); null: they may be sent.';

-- Who of Equipe takes care of a bus: they may send messages to its people.
ALTER TABLE onibus ADD COLUMN equipe_id integer REFERENCES admin_users(id) ON DELETE SET NULL;
COMMENT ON COLUMN onibus.equipe_id IS 'The Equipe member who takes care of this bus and may message its people.';

-- A built-in text as the coordination edited it; no row: the built-in text (src/shared/messages.ts).
CREATE TABLE mensagem_textos (
  chave text PRIMARY KEY CHECK (chave IN ('lembrete_pagamento', 'horario_saida', 'autorizacao_pendente',
    'vaga_liberada', 'link_inscricao')),
  texto text NOT NULL CHECK (char_length(btrim(texto)) BETWEEN 1 AND 1500),
  alterado_em timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE mensagem_textos IS 'The message texts as the coordination saved them; a text without a row is the built-in one.';

CREATE TABLE mensagem_listas (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  grupo text NOT NULL CHECK (grupo IN ('pendentes', 'onibus', 'espera', 'sem_autorizacao', 'com_vaga', 'reembolso',
    'selecionados')),
  onibus_id uuid REFERENCES onibus(id) ON DELETE SET NULL,
  rotulo text NOT NULL,
  texto_chave text NOT NULL,
  texto_titulo text NOT NULL,
  texto text NOT NULL,
  pessoas integer NOT NULL CHECK (pessoas >= 1),
  sem_mensagens integer NOT NULL DEFAULT 0,
  criada_por_id integer REFERENCES admin_users(id) ON DELETE SET NULL,
  criada_por_nome text NOT NULL,
  criada_por_papel text NOT NULL CHECK (criada_por_papel IN ('coordenacao', 'equipe')),
  criada_em timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE mensagem_listas IS 'A list of messages: the group, the text with its fields, who made it. Removed by the purge and the close.';

-- One row per phone number: siblings share a message. The filled-in text is
-- never kept: it is made again when the row is opened.
CREATE TABLE mensagem_linhas (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lista_id uuid NOT NULL REFERENCES mensagem_listas(id) ON DELETE CASCADE,
  ordem integer NOT NULL,
  telefone text NOT NULL CHECK (telefone ~ '^[0-9]{8,13}$'),
  inscricao_ids uuid[] NOT NULL CHECK (cardinality(inscricao_ids) >= 1),
  estado text NOT NULL DEFAULT 'aguardando' CHECK (estado IN ('aguardando', 'enviada', 'descartada', 'invalida')),
  motivo text,
  com_id integer REFERENCES admin_users(id) ON DELETE SET NULL,
  com_nome text,
  com_ate timestamptz,
  enviada_por_nome text,
  enviada_em timestamptz,
  UNIQUE (lista_id, ordem),
  CHECK ((estado = 'enviada') = (enviada_em IS NOT NULL))
);
COMMENT ON TABLE mensagem_linhas IS 'A list''s rows, one per phone: the registrations it names, sent or not, by whom, and who holds it now.';

-- A list made is logged: who, which group, which text, how many (never a name or a number).
CREATE FUNCTION caravana_log_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT caravana_logging() THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'mensagem_listas' THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, depois)
    VALUES (caravana_actor_id(), caravana_actor_name('sistema'), 'mensagem.lista',
            'Lista de mensagens "' || NEW.texto_titulo || '" para ' || NEW.rotulo || ': ' || NEW.pessoas ||
              CASE WHEN NEW.pessoas = 1 THEN ' pessoa' ELSE ' pessoas' END ||
              CASE WHEN NEW.sem_mensagens > 0 THEN ' (' || NEW.sem_mensagens || ' sem mensagens, a pedido)' ELSE '' END,
            jsonb_build_object('grupo', NEW.grupo, 'texto', NEW.texto_chave, 'pessoas', NEW.pessoas,
                               'sem_mensagens', NEW.sem_mensagens));
  ELSIF TG_TABLE_NAME = 'mensagem_textos' THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo)
    VALUES (caravana_actor_id(), caravana_actor_name('sistema'), 'mensagem.texto',
            CASE WHEN TG_OP = 'DELETE' THEN 'Texto de mensagem restaurado ao original: ' ELSE 'Texto de mensagem alterado: ' END
              || CASE coalesce(NEW.chave, OLD.chave)
                   WHEN 'lembrete_pagamento' THEN 'Lembrete de pagamento' WHEN 'horario_saida' THEN 'Horário de saída'
                   WHEN 'autorizacao_pendente' THEN 'Autorização pendente' WHEN 'vaga_liberada' THEN 'Vaga liberada'
                   ELSE 'Link da inscrição' END);
  ELSIF NEW.sem_mensagens_em IS DISTINCT FROM OLD.sem_mensagens_em THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, inscricao_id, resumo)
    VALUES (caravana_actor_id(), caravana_actor_name('participante'), 'mensagem.preferencia', NEW.id,
            CASE WHEN NEW.sem_mensagens_em IS NULL THEN NEW.nome_completo || ': voltou a aceitar mensagens'
                 ELSE NEW.nome_completo || ': não quer receber mensagens' END);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER mensagem_listas_log AFTER INSERT ON mensagem_listas
  FOR EACH ROW EXECUTE FUNCTION caravana_log_messages();
CREATE TRIGGER mensagem_textos_log AFTER INSERT OR UPDATE OR DELETE ON mensagem_textos
  FOR EACH ROW EXECUTE FUNCTION caravana_log_messages();
CREATE TRIGGER registrations_log_messages AFTER UPDATE OF sem_mensagens_em ON registrations
  FOR EACH ROW EXECUTE FUNCTION caravana_log_messages();
COMMENT ON FUNCTION caravana_log_messages() IS 'Writes message lists made (who, group, text, how many), edited texts and a family''s choice about messages to the activity log.';
COMMENT ON TRIGGER mensagem_listas_log ON mensagem_listas IS 'A list of messages made is logged: who, which group, which text, how many.';
COMMENT ON TRIGGER mensagem_textos_log ON mensagem_textos IS 'A message text edited or restored is logged.';
COMMENT ON TRIGGER registrations_log_messages ON registrations IS 'A family that asks for no messages, or for them again, is logged.';

-- A row sent or taken reaches every panel following the list, on every instance.
CREATE FUNCTION caravana_notify_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT lista_id) INTO ids FROM new_rows;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('caravana_events', json_build_object('type', 'message-lists', 'ids', ids)::text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER mensagem_linhas_notify AFTER UPDATE ON mensagem_linhas
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_messages();
COMMENT ON FUNCTION caravana_notify_messages() IS 'Announces the message lists whose rows changed on caravana_events (ids only).';
COMMENT ON TRIGGER mensagem_linhas_notify ON mensagem_linhas IS 'A row sent, taken or dropped is announced, so every phone working the list sees the progress.';

-- The consent's text now names messages by WhatsApp: a second version of the same day ("2026-11-26.2").
-- Registrations made before keep the version they gave.
ALTER TABLE registrations DROP CONSTRAINT registrations_consentimento_versao_check;
ALTER TABLE registrations ADD CONSTRAINT registrations_consentimento_versao_check
  CHECK (consentimento_versao ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}(\.[0-9]{1,2})?$');
