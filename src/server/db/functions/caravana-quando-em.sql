CREATE OR REPLACE FUNCTION public.caravana_quando_em(t timestamp with time zone, fuso text)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT to_char(t AT TIME ZONE fuso, 'DD/MM "às" HH24:MI')
$function$;

COMMENT ON FUNCTION caravana_quando_em(t timestamp with time zone, fuso text) IS 'A moment as the log says it, in the given zone: 16/08 às 20:00. Inlined where it is called, so a statement over many rows looks the zone up once.';
