CREATE OR REPLACE FUNCTION public.caravana_notify_messages()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT lista_id) INTO ids FROM new_rows;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('caravana_events', json_build_object('type', 'message-lists', 'ids', ids)::text);
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_notify_messages() IS 'Announces the message lists whose rows changed on caravana_events (ids only).';
