CREATE OR REPLACE FUNCTION public.caravana_settle_seats()
 RETURNS trigger
 LANGUAGE plpgsql
 SET jit TO 'off'
AS $function$
BEGIN
  PERFORM caravana_recount_buses();
  IF coalesce(current_setting('caravana.restoring', true), '') <> 'on' THEN
    PERFORM caravana_fill_seats(TG_TABLE_NAME = 'onibus' AND TG_OP = 'INSERT');
  END IF;
  IF TG_TABLE_NAME = 'onibus' THEN
    PERFORM pg_notify('caravana_events', json_build_object('type', 'buses-changed')::text);
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_settle_seats() IS 'After a statement: exact bus counters, then the waiting list seated in order (not while restoring).';
