CREATE OR REPLACE FUNCTION public.caravana_notify_edition()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('caravana_events', json_build_object('type', 'edition-closed')::text);
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_notify_edition() IS 'Announces a new edition (edition-closed), so every instance''s pages fetch their lists again.';
