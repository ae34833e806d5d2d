CREATE OR REPLACE FUNCTION public.caravana_notify_avisos()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Once per statement, after the commit: every instance's sender wakes up and takes what is due.
  PERFORM pg_notify('caravana_avisos', '');
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_notify_avisos() IS 'Wakes the notice senders (channel caravana_avisos) when notices are queued.';
