CREATE OR REPLACE FUNCTION public.caravana_notify_boarding()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  marks json;
BEGIN
  FOR marks IN
    SELECT json_agg(json_build_object('id', inscricao_id, 'viagem', viagem, 'embarcou', embarcou) ORDER BY n)
    FROM (SELECT *, row_number() OVER () - 1 AS n FROM changed_rows) c
    GROUP BY n / 60 ORDER BY n / 60
  LOOP
    PERFORM pg_notify('caravana_events', json_build_object('type', 'boarding', 'marks', marks)::text);
  END LOOP;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_notify_boarding() IS 'Announces boarding marks on caravana_events: ids and states, 60 per payload.';
