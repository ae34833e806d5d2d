CREATE OR REPLACE FUNCTION public.caravana_recount_buses(buses uuid[])
 RETURNS void
 LANGUAGE sql
AS $function$
  UPDATE onibus o SET ocupados = c.n
  FROM (SELECT b.id, (SELECT count(*) FROM registrations r WHERE r.onibus_id = b.id)::int AS n
        FROM onibus b WHERE buses IS NULL OR b.id = ANY (buses)) c
  WHERE o.id = c.id AND o.ocupados <> c.n;
$function$;

COMMENT ON FUNCTION caravana_recount_buses(buses uuid[]) IS 'Recounts the occupied seats of the given buses (null: every bus) from the rows; a CHECK refuses a bus over its seats.';
