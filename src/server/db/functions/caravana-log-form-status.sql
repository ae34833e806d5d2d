CREATE OR REPLACE FUNCTION public.caravana_log_form_status()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT caravana_logging() OR NEW.is_open = OLD.is_open THEN RETURN NULL; END IF;
  INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, antes, depois)
  VALUES (caravana_actor_id(), caravana_actor_name('sistema'),
          CASE WHEN NEW.is_open THEN 'formulario.aberto' ELSE 'formulario.fechado' END,
          CASE WHEN NEW.is_open THEN 'Inscrições abertas' ELSE 'Inscrições encerradas' END,
          jsonb_build_object('aberto', OLD.is_open), jsonb_build_object('aberto', NEW.is_open));
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_log_form_status() IS 'Writes the form''s opening and closing to the activity log.';
