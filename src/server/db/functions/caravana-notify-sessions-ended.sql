CREATE OR REPLACE FUNCTION public.caravana_notify_sessions_ended()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  hashes text[];
BEGIN
  FOR hashes IN
    SELECT array_agg(token_hash) FROM (SELECT token_hash, row_number() OVER () - 1 AS n FROM ended) e
    GROUP BY n / 100
  LOOP
    PERFORM pg_notify('caravana_events', json_build_object('type', 'sessions-ended', 'hashes', hashes)::text);
  END LOOP;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_notify_sessions_ended() IS 'Announces ended sessions'' hashes on caravana_events, 100 per payload.';
