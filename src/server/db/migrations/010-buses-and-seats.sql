-- Seats per bus and a waiting list (docs/decisions/025). The rules live here,
-- in the same transaction as each change, so the server, a second instance
-- and psql all obey them:
--   * a bus never holds more seated people than its seats (CHECK on ocupados,
--     recounted from the rows at the end of every statement that moves seats);
--   * nobody waits while a seat is free (promotion at the end of the statement);
--   * with no bus at all there is no limit.
-- Every statement that moves seats first locks every bus row in id order, so
-- concurrent statements take turns instead of reading the same free seat.

CREATE TABLE onibus (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  nome text NOT NULL CHECK (char_length(btrim(nome)) BETWEEN 1 AND 40),
  lugares integer NOT NULL CHECK (lugares BETWEEN 1 AND 100),
  -- Seated people in this bus: kept by the triggers below, never by hand.
  ocupados integer NOT NULL DEFAULT 0,
  -- Buses fill in this order.
  ordem integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT onibus_sem_excesso CHECK (ocupados BETWEEN 0 AND lugares)
);
CREATE UNIQUE INDEX onibus_nome_unico ON onibus (caravana_fold(btrim(nome)));

CREATE SEQUENCE registrations_espera_seq;

ALTER TABLE registrations
  -- vaga: has a seat (in onibus_id, or anywhere while no bus exists); espera: waiting; desistente: cancelled.
  ADD COLUMN situacao text NOT NULL DEFAULT 'vaga' CHECK (situacao IN ('vaga', 'espera', 'desistente')),
  ADD COLUMN onibus_id uuid REFERENCES onibus (id),
  -- Order in the waiting list; the position shown is the rank, so it has no gaps.
  ADD COLUMN ordem_espera bigint,
  -- When the person left the waiting list for a seat: the panel offers to tell the guardian.
  ADD COLUMN promovido_em timestamptz,
  ADD CONSTRAINT registrations_onibus_so_com_vaga CHECK (onibus_id IS NULL OR situacao = 'vaga'),
  ADD CONSTRAINT registrations_ordem_so_na_espera CHECK ((situacao = 'espera') = (ordem_espera IS NOT NULL));
CREATE INDEX registrations_onibus_idx ON registrations (onibus_id) WHERE onibus_id IS NOT NULL;
CREATE UNIQUE INDEX registrations_espera_idx ON registrations (ordem_espera) WHERE situacao = 'espera';
CREATE INDEX registrations_desistente_idx ON registrations (created_at) WHERE situacao = 'desistente';

-- BEFORE STATEMENT: every bus row, in one order, for the rest of the transaction.
CREATE FUNCTION caravana_lock_buses() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM onibus ORDER BY id FOR UPDATE;
  RETURN NULL;
END
$$;

-- The first bus in fill order with a free seat, its counter taken; NULL when all are full.
CREATE FUNCTION caravana_take_seat() RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  bus uuid;
BEGIN
  UPDATE onibus SET ocupados = ocupados + 1
  WHERE id = (SELECT id FROM onibus WHERE ocupados < lugares ORDER BY ordem, id LIMIT 1)
  RETURNING id INTO bus;
  RETURN bus;
END
$$;

-- BEFORE ROW: places a registration. A new one without a bus takes the first
-- free seat, or the end of the waiting list. The counter taken here may be one
-- too many (a row skipped by ON CONFLICT); the recount after the statement
-- makes it exact.
CREATE FUNCTION caravana_place_registration() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.situacao = 'vaga' AND NEW.onibus_id IS NULL
     AND (TG_OP = 'INSERT' OR OLD.situacao <> 'vaga' OR OLD.onibus_id IS NOT NULL)
     AND EXISTS (SELECT 1 FROM onibus) THEN
    NEW.onibus_id := caravana_take_seat();
    IF NEW.onibus_id IS NULL THEN
      IF TG_OP = 'UPDATE' THEN
        RAISE EXCEPTION 'nenhum lugar livre nos ônibus' USING ERRCODE = 'check_violation',
          CONSTRAINT = 'onibus_sem_excesso';
      END IF;
      NEW.situacao := 'espera';
    END IF;
  END IF;
  IF NEW.situacao <> 'vaga' THEN
    NEW.onibus_id := NULL;
  END IF;
  IF NEW.situacao <> 'espera' THEN
    NEW.ordem_espera := NULL;
  ELSIF NEW.ordem_espera IS NULL OR (TG_OP = 'UPDATE' AND OLD.situacao <> 'espera') THEN
    -- Joining the list, now or again: at its end.
    NEW.ordem_espera := nextval('registrations_espera_seq');
  END IF;
  RETURN NEW;
END
$$;

-- Counters recounted from the rows; the CHECK refuses a bus over its seats.
CREATE FUNCTION caravana_recount_buses() RETURNS void
LANGUAGE sql AS $$
  UPDATE onibus o SET ocupados = c.n
  FROM (SELECT b.id, (SELECT count(*) FROM registrations r WHERE r.onibus_id = b.id)::int AS n FROM onibus b) c
  WHERE o.id = c.id AND o.ocupados <> c.n;
$$;

-- Seats everyone the buses can take, first come first served; announces who was promoted.
CREATE FUNCTION caravana_fill_seats(place_unassigned boolean) RETURNS void
LANGUAGE plpgsql AS $$
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
$$;

-- AFTER STATEMENT: make the counters exact, then promote. A restore loads
-- rows as they were and sets caravana.restoring, so half-restored data
-- promotes nobody. Only a new bus can meet people seated with no bus.
CREATE FUNCTION caravana_settle_seats() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM caravana_recount_buses();
  IF coalesce(current_setting('caravana.restoring', true), '') <> 'on' THEN
    PERFORM caravana_fill_seats(TG_TABLE_NAME = 'onibus' AND TG_OP = 'INSERT');
  END IF;
  IF TG_TABLE_NAME = 'onibus' THEN
    PERFORM pg_notify('caravana_events', json_build_object('type', 'buses-changed')::text);
  END IF;
  RETURN NULL;
END
$$;

-- Statement triggers fire only for the outermost statement (depth 0): the
-- statements these functions run themselves are theirs to settle.
CREATE TRIGGER registrations_lock_buses BEFORE INSERT OR DELETE OR UPDATE OF situacao, onibus_id ON registrations
  FOR EACH STATEMENT WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION caravana_lock_buses();
CREATE TRIGGER registrations_place BEFORE INSERT OR UPDATE OF situacao, onibus_id, ordem_espera ON registrations
  FOR EACH ROW EXECUTE FUNCTION caravana_place_registration();
CREATE TRIGGER registrations_settle_seats AFTER INSERT OR DELETE OR UPDATE OF situacao, onibus_id ON registrations
  FOR EACH STATEMENT WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION caravana_settle_seats();

CREATE TRIGGER onibus_lock BEFORE INSERT OR UPDATE OR DELETE ON onibus
  FOR EACH STATEMENT WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION caravana_lock_buses();
CREATE TRIGGER onibus_settle_seats AFTER INSERT OR UPDATE OR DELETE ON onibus
  FOR EACH STATEMENT WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION caravana_settle_seats();
