CREATE OR REPLACE FUNCTION public.caravana_quando(t timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT caravana_quando_em(t, caravana_fuso())
$function$;

COMMENT ON FUNCTION caravana_quando(t timestamp with time zone) IS 'A moment as the log says it, in the event''s zone: 16/08 às 20:00.';
