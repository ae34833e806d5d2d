CREATE OR REPLACE FUNCTION public.caravana_lock_buses()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM onibus ORDER BY id FOR UPDATE;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_lock_buses() IS 'Locks every bus row in one order for the rest of the transaction.';
