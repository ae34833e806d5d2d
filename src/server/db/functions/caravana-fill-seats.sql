CREATE OR REPLACE FUNCTION public.caravana_fill_seats(place_unassigned boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  promoted uuid[] := '{}';
  person record;
  bus uuid;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM onibus) THEN
    -- No bus, no limit.
    WITH p AS (
      UPDATE registrations SET situacao = 'vaga', promovido_em = now(), updated_at = now()
      WHERE situacao = 'espera' RETURNING id
    ) SELECT coalesce(array_agg(id), '{}') INTO promoted FROM p;
  ELSE
    IF place_unassigned THEN
      -- Seated before the first bus existed: into the buses in order of registration, or to the waiting list.
      FOR person IN
        SELECT id FROM registrations WHERE situacao = 'vaga' AND onibus_id IS NULL ORDER BY created_at, id
      LOOP
        bus := caravana_take_seat();
        UPDATE registrations
        SET onibus_id = bus, situacao = CASE WHEN bus IS NULL THEN 'espera' ELSE 'vaga' END, updated_at = now()
        WHERE id = person.id;
      END LOOP;
    END IF;
    LOOP
      SELECT id INTO person FROM registrations WHERE situacao = 'espera' ORDER BY ordem_espera LIMIT 1;
      EXIT WHEN NOT FOUND;
      bus := caravana_take_seat();
      EXIT WHEN bus IS NULL;
      UPDATE registrations SET situacao = 'vaga', onibus_id = bus, promovido_em = now(), updated_at = now()
      WHERE id = person.id;
      promoted := promoted || person.id;
    END LOOP;
  END IF;
  IF cardinality(promoted) > 0 THEN
    PERFORM pg_notify('caravana_events', json_build_object('type', 'registration-promoted', 'ids', promoted)::text);
  END IF;
END
$function$;

COMMENT ON FUNCTION caravana_fill_seats(place_unassigned boolean) IS 'Seats everyone the buses can take from the waiting list, first come first served, and announces who was promoted.';
