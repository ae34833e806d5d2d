CREATE OR REPLACE FUNCTION public.caravana_log_messages()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

COMMENT ON FUNCTION caravana_log_messages() IS 'Writes message lists made (who, group, text, how many), edited texts and a family''s choice about messages to the activity log.';
