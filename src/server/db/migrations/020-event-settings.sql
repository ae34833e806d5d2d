-- The event facts the coordination edits in the panel (docs/decisions/028).
-- Every key has its row: the server writes the environment's value at each
-- start into rows still marked 'ambiente', and a value saved in the panel
-- ('painel') wins from then on; "Restaurar padrão" marks it 'ambiente' again.
-- So the database always holds the values in force, for every instance and
-- for the registrations' own price.
CREATE TABLE event_settings (
  chave text PRIMARY KEY CHECK (chave IN ('titulo', 'data', 'horario', 'local', 'cidade', 'preco_centavos',
    'pix_chave', 'pix_recebedor', 'pix_cidade', 'whatsapp', 'mensagens', 'aviso_membros', 'fuso_horario')),
  valor jsonb NOT NULL,
  origem text NOT NULL CHECK (origem IN ('ambiente', 'painel')),
  atualizado_em timestamptz NOT NULL DEFAULT now()
);

-- Each registration keeps the price it was made at: the PIX code of an older
-- one and the exports show its own amount after the price changes. Rows made
-- before this get the price in force at the next start (src/server/settings/).
ALTER TABLE registrations ADD COLUMN preco_centavos integer CHECK (preco_centavos BETWEEN 1 AND 1000000);
CREATE FUNCTION caravana_price() RETURNS integer
LANGUAGE sql STABLE AS $$ SELECT (valor #>> '{}')::integer FROM event_settings WHERE chave = 'preco_centavos' $$;
ALTER TABLE registrations ALTER COLUMN preco_centavos SET DEFAULT caravana_price();

-- A change reaches every instance, and through it every open page.
CREATE FUNCTION caravana_notify_settings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('caravana_events', json_build_object('type', 'settings-changed')::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER event_settings_notify AFTER INSERT OR UPDATE OR DELETE ON event_settings
  FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_settings();

-- A change of value is logged with who made it (the first start's values are not changes).
CREATE FUNCTION caravana_log_settings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT caravana_logging() OR NEW.valor = OLD.valor THEN RETURN NULL; END IF;
  INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, antes, depois)
  VALUES (caravana_actor_id(), caravana_actor_name('sistema'),
          CASE WHEN NEW.origem = 'ambiente' AND OLD.origem = 'painel' THEN 'configuracoes.padrao' ELSE 'configuracoes.alterada' END,
          CASE
            WHEN NEW.origem = 'ambiente' AND OLD.origem = 'painel' THEN 'Configuração restaurada ao padrão: '
            ELSE 'Configuração alterada: '
          END || CASE NEW.chave
            WHEN 'titulo' THEN 'título do evento' WHEN 'data' THEN 'data' WHEN 'horario' THEN 'horário'
            WHEN 'local' THEN 'local' WHEN 'cidade' THEN 'cidade' WHEN 'preco_centavos' THEN 'valor da inscrição'
            WHEN 'pix_chave' THEN 'chave PIX' WHEN 'pix_recebedor' THEN 'recebedor do PIX'
            WHEN 'pix_cidade' THEN 'cidade do PIX' WHEN 'whatsapp' THEN 'WhatsApp'
            WHEN 'mensagens' THEN 'mensagens de agradecimento' WHEN 'aviso_membros' THEN 'aviso de exclusividade'
            ELSE 'fuso horário' END,
          jsonb_build_object(NEW.chave, OLD.valor), jsonb_build_object(NEW.chave, NEW.valor));
  RETURN NULL;
END
$$;
CREATE TRIGGER event_settings_log AFTER UPDATE ON event_settings
  FOR EACH ROW EXECUTE FUNCTION caravana_log_settings();
