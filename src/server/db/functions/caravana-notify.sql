CREATE OR REPLACE FUNCTION public.caravana_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'form_settings' THEN
    PERFORM pg_notify('caravana_events', json_build_object(
      'type', 'form-status', 'is_open', NEW.is_open, 'updated_at', NEW.updated_at)::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('caravana_events', json_build_object(
      'type', 'registration-deleted', 'id', OLD.id)::text);
  ELSE
    PERFORM pg_notify('caravana_events', json_build_object(
      'type', CASE TG_OP WHEN 'INSERT' THEN 'registration-inserted' ELSE 'registration-updated' END,
      'id', NEW.id)::text);
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_notify() IS 'Announces the form''s status (open or closed) on caravana_events.';
