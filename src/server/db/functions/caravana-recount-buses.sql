CREATE OR REPLACE FUNCTION public.caravana_recount_buses()
 RETURNS void
 LANGUAGE sql
AS $function$
  UPDATE onibus o SET ocupados = c.n
  FROM (SELECT b.id, (SELECT count(*) FROM registrations r WHERE r.onibus_id = b.id)::int AS n FROM onibus b) c
  WHERE o.id = c.id AND o.ocupados <> c.n;
$function$;

COMMENT ON FUNCTION caravana_recount_buses() IS 'Recounts each bus''s occupied seats from the rows; a CHECK refuses a bus over its seats.';
