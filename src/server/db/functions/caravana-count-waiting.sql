CREATE OR REPLACE FUNCTION public.caravana_count_waiting()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE waiting_count SET n = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE situacao = 'espera');
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE situacao = 'espera');
  END IF;
  IF delta <> 0 THEN
    UPDATE waiting_count SET n = n + delta;
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_count_waiting() IS 'Updates waiting_count from a statement''s changed rows.';
