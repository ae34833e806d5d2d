CREATE OR REPLACE FUNCTION public.caravana_log_buses()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT caravana_logging() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, depois)
    VALUES (caravana_actor_id(), caravana_actor_name('sistema'), 'onibus.criado',
            NEW.nome || ' adicionado, ' || NEW.lugares || ' lugares',
            jsonb_build_object('nome', NEW.nome, 'lugares', NEW.lugares));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, antes)
    VALUES (caravana_actor_id(), caravana_actor_name('sistema'), 'onibus.removido', OLD.nome || ' removido',
            jsonb_build_object('nome', OLD.nome, 'lugares', OLD.lugares));
  ELSIF (NEW.nome, NEW.lugares) IS DISTINCT FROM (OLD.nome, OLD.lugares) THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, antes, depois)
    SELECT caravana_actor_id(), caravana_actor_name('sistema'), 'onibus.alterado', NEW.nome || ' alterado', d.antes, d.depois
    FROM caravana_json_diff(jsonb_build_object('nome', OLD.nome, 'lugares', OLD.lugares),
                            jsonb_build_object('nome', NEW.nome, 'lugares', NEW.lugares)) d;
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_log_buses() IS 'Writes bus changes to the activity log.';
