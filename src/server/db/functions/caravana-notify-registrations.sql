CREATE OR REPLACE FUNCTION public.caravana_notify_registrations()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  ids uuid[];
BEGIN
  FOR ids IN
    SELECT array_agg(id ORDER BY n) FROM (SELECT id, row_number() OVER () - 1 AS n FROM changed_rows) c
    GROUP BY n / 100 ORDER BY n / 100
  LOOP
    PERFORM pg_notify('caravana_events', json_build_object(
      'type', CASE TG_OP WHEN 'INSERT' THEN 'registration-inserted'
                         WHEN 'UPDATE' THEN 'registration-updated'
                         ELSE 'registration-deleted' END,
      'ids', ids)::text);
  END LOOP;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_notify_registrations() IS 'Announces inserted, updated or deleted registration ids on caravana_events, 100 per payload.';
