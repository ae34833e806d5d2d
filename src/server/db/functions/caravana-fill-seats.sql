CREATE OR REPLACE FUNCTION public.caravana_fill_seats(place_unassigned boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  promoted uuid[] := '{}';
  i integer;
  free integer;
  line uuid[];
  seats uuid[];
  person record;
  bus uuid;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM onibus) THEN
    -- No bus, no limit.
    WITH p AS (
      UPDATE registrations SET situacao = 'vaga', ordem_espera = NULL, promovido_em = now(), updated_at = now(),
        prazo_pagamento = (SELECT caravana_novo_prazo(true))
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
    -- Every free seat, in the buses' fill order, to the waiting list in its order: one statement for all of them,
    -- so a thousand seats freed at once cost one pass of the triggers, not a thousand (decision 049). The people
    -- and the seats are picked first, into arrays, so the update finds each row by its key.
    SELECT coalesce(sum(lugares - ocupados), 0) INTO free FROM onibus WHERE ocupados < lugares;
    IF free > 0 THEN
      SELECT coalesce(array_agg(id ORDER BY ordem_espera), '{}') INTO line
      FROM (SELECT id, ordem_espera FROM registrations WHERE situacao = 'espera' ORDER BY ordem_espera LIMIT free) w;
      IF cardinality(line) > 0 THEN
        SELECT array_agg(x.seat_bus ORDER BY x.k) INTO seats FROM (
          SELECT o.id AS seat_bus, row_number() OVER (ORDER BY o.ordem, o.id, s.n) AS k
          FROM onibus o, generate_series(1, o.lugares - o.ocupados) AS s(n)
          WHERE o.ocupados < o.lugares
        ) x WHERE x.k <= cardinality(line);
        WITH given AS (
          -- Everyone seated here gets the same deadline, worked out once (registrations_prazo keeps it for those
          -- who owe, and clears it for those who paid while waiting).
          -- The row arrives whole, so registrations_place has nothing to put right and does not run.
          UPDATE registrations r SET situacao = 'vaga', onibus_id = p.seat_bus, ordem_espera = NULL,
            promovido_em = now(), updated_at = now(), prazo_pagamento = (SELECT caravana_novo_prazo(true))
          FROM unnest(line, seats) AS p(id, seat_bus)
          WHERE r.id = p.id
          RETURNING r.id, r.onibus_id
        ), counted AS (
          -- The counters follow the seats just given; settle_seats made the counters of the buses the statement
          -- touched exact a moment ago, and the others had not changed.
          UPDATE onibus o SET ocupados = o.ocupados + g.n
          FROM (SELECT onibus_id, count(*)::int AS n FROM given GROUP BY onibus_id) g
          WHERE o.id = g.onibus_id
        )
        SELECT coalesce(array_agg(id), '{}') INTO promoted FROM given;
      END IF;
    END IF;
  END IF;
  -- 100 ids per event, as the other registration events: a notification's payload stops at 8000 bytes.
  IF cardinality(promoted) > 0 THEN
    FOR i IN 0 .. (cardinality(promoted) - 1) / 100 LOOP
      PERFORM pg_notify('caravana_events',
        json_build_object('type', 'registration-promoted', 'ids', promoted[i * 100 + 1 : (i + 1) * 100])::text);
    END LOOP;
  END IF;
END
$function$;

COMMENT ON FUNCTION caravana_fill_seats(place_unassigned boolean) IS 'Seats everyone the buses can take from the waiting list, first come first served, and announces who was promoted, 100 per event.';
