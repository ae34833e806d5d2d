-- How many people wait, kept by triggers in the same transaction as the rows
-- (like migration 006's totals). A waiting person's position is the number
-- waiting minus those behind, and those behind a registration just made are
-- few, so the answer to a registration no longer reads the whole waiting list
-- (docs/decisions/025). The form's seat counts read it too.
CREATE TABLE waiting_count (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- No CHECK (n >= 0): within one statement a promotion may be counted before the insert it undoes.
  n bigint NOT NULL
);
INSERT INTO waiting_count (n) SELECT count(*) FROM registrations WHERE situacao = 'espera';

-- A statement that changes no one's place in the list (a payment, a name, and
-- every registration while no bus exists) leaves the row alone, so it never
-- queues on it.
CREATE FUNCTION caravana_count_waiting() RETURNS trigger
LANGUAGE plpgsql AS $$
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
$$;

CREATE TRIGGER registrations_waiting_insert AFTER INSERT ON registrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_count_waiting();
CREATE TRIGGER registrations_waiting_update AFTER UPDATE ON registrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_count_waiting();
CREATE TRIGGER registrations_waiting_delete AFTER DELETE ON registrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_count_waiting();
CREATE TRIGGER registrations_waiting_truncate AFTER TRUNCATE ON registrations
  FOR EACH STATEMENT EXECUTE FUNCTION caravana_count_waiting();
