CREATE OR REPLACE FUNCTION public.caravana_fuso()
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce((SELECT valor #>> '{}' FROM event_settings WHERE chave = 'fuso_horario'), 'America/Fortaleza')
$function$;

COMMENT ON FUNCTION caravana_fuso() IS 'The event''s time zone ("Fuso horário"), America/Fortaleza when none is set.';
