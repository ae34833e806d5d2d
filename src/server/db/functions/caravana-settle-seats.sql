CREATE OR REPLACE FUNCTION public.caravana_settle_seats()
 RETURNS trigger
 LANGUAGE plpgsql
 SET jit TO 'off'
AS $function$
DECLARE
  buses uuid[];
  moved boolean;
  took boolean := false;
  -- The buses caravana_take_seat counted a seat on during the statement, rows that ON CONFLICT skipped included.
  taken text := nullif(current_setting('caravana.onibus_tomados', true), '');
BEGIN
  IF taken IS NOT NULL THEN
    PERFORM set_config('caravana.onibus_tomados', '', true);
  END IF;
  IF TG_TABLE_NAME = 'onibus' THEN
    PERFORM caravana_recount_buses(NULL);
  ELSE
    -- Only the buses the statement's rows left or took can have changed: a release of 150 seats in a caravan
    -- of 450 buses recounts a few of them, not all (decision 056).
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT onibus_id) INTO buses FROM new_rows WHERE onibus_id IS NOT NULL;
      took := true;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT onibus_id) INTO buses FROM old_rows WHERE onibus_id IS NOT NULL;
    ELSE
      -- The rows whose place changed, and the buses they left or took, in one pass. An update that moves nobody
      -- (a payment, an edit) leaves the seats as they were.
      SELECT count(*) > 0, array_agg(DISTINCT v.b) FILTER (WHERE v.b IS NOT NULL) INTO moved, buses
      FROM old_rows o JOIN new_rows n USING (id), LATERAL (VALUES (o.onibus_id), (n.onibus_id)) AS v(b)
      WHERE o.situacao IS DISTINCT FROM n.situacao OR o.onibus_id IS DISTINCT FROM n.onibus_id;
      IF NOT moved AND taken IS NULL THEN
        RETURN NULL;
      END IF;
      -- A row trigger may have moved someone without the statement naming a seat column (a "Vencida" who pays
      -- goes back in line): the buses are locked in their one order before anyone is seated.
      PERFORM 1 FROM onibus ORDER BY id FOR UPDATE;
      -- A row on a bus now may have been put there by the statement itself, which nothing counted.
      took := EXISTS (SELECT 1 FROM new_rows WHERE onibus_id IS NOT NULL);
    END IF;
    IF taken IS NOT NULL THEN
      buses := ARRAY(SELECT DISTINCT b FROM unnest(buses || string_to_array(rtrim(taken, ','), ',')::uuid[]) AS b);
      took := true;
    END IF;
    IF took AND buses IS NOT NULL THEN
      -- A seat taken, counted by caravana_take_seat or by nobody: recount.
      PERFORM caravana_recount_buses(buses);
    ELSIF buses IS NOT NULL THEN
      -- No seat taken, and no row on a bus now (a release, a give-up, a delete): each bus loses the rows that
      -- were on it. The buses are locked, so the counters stay exact without reading the seats that stayed
      -- (decision 070).
      UPDATE onibus b SET ocupados = b.ocupados - g.n
      FROM (SELECT onibus_id, count(*)::int AS n FROM old_rows WHERE onibus_id IS NOT NULL GROUP BY onibus_id) g
      WHERE b.id = g.onibus_id;
    END IF;
  END IF;
  IF coalesce(current_setting('caravana.restoring', true), '') <> 'on' THEN
    PERFORM caravana_fill_seats(TG_TABLE_NAME = 'onibus' AND TG_OP = 'INSERT');
  END IF;
  IF TG_TABLE_NAME = 'onibus' THEN
    PERFORM pg_notify('caravana_events', json_build_object('type', 'buses-changed')::text);
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_settle_seats() IS 'After a statement: exact counters for the buses it touched (every bus after a bus change), then the waiting list seated in order (not while restoring).';
