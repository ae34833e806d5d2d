CREATE OR REPLACE FUNCTION public.caravana_quando(t timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT to_char(t AT TIME ZONE coalesce((SELECT valor #>> '{}' FROM event_settings WHERE chave = 'fuso_horario'),
                                         'America/Fortaleza'), 'DD/MM "às" HH24:MI')
$function$;

COMMENT ON FUNCTION caravana_quando(t timestamp with time zone) IS 'A moment as the log says it, in the event''s zone: 16/08 às 20:00.';
