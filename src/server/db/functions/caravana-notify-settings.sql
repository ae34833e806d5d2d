CREATE OR REPLACE FUNCTION public.caravana_notify_settings()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('caravana_events', json_build_object('type', 'settings-changed')::text);
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_notify_settings() IS 'Announces a settings change on caravana_events.';
