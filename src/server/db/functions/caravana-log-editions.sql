CREATE OR REPLACE FUNCTION public.caravana_log_editions()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  e jsonb := NEW.escolhas;
  levou text;
BEGIN
  IF coalesce(current_setting('caravana.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  IF OLD.encerrada_em IS NULL AND NEW.encerrada_em IS NOT NULL THEN
    SELECT string_agg(x, ', ') INTO levou FROM unnest(ARRAY[
      CASE WHEN (e ->> 'onibus')::boolean THEN 'ônibus' END,
      CASE WHEN (e ->> 'equipe')::boolean THEN 'equipe' END,
      CASE WHEN (e ->> 'configuracoes')::boolean THEN 'configurações' END]) AS x;
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, depois)
    VALUES (caravana_actor_id(), caravana_actor_name('sistema'), 'edicao.encerrada',
            'Edição ' || NEW.nome || ' encerrada; nova edição: ' || (e ->> 'nova') || '. Levou: ' ||
            coalesce(levou, 'nada') || '. Dados pessoais: ' ||
            CASE WHEN e ->> 'dados' = 'guardar' THEN 'guardados por ' || (e ->> 'dias') || ' dias'
                 ELSE 'apagados agora' END,
            e || jsonb_build_object('backup', NEW.backup));
  ELSIF OLD.dados_apagados_em IS NULL AND NEW.dados_apagados_em IS NOT NULL THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo)
    VALUES (caravana_actor_id(), caravana_actor_name('sistema'), 'edicao.dados_apagados',
            'Dados pessoais da edição ' || NEW.nome || ' apagados');
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_log_editions() IS 'Writes an edition''s close (what carried over, the data choice, the backup) and its automatic purge to the activity log.';
