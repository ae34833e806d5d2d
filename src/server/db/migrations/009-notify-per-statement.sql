-- Migration 001 announced every registration change with its own NOTIFY, from
-- a row trigger. The registration writer inserts up to 64 rows in one
-- statement, and each NOTIFY cost PGlite's single thread about 15 µs in the
-- trigger plus one message to the server thread; with an admin panel open,
-- the server then read the rows back one SELECT at a time. Now a statement
-- announces its rows together, in chunks of 100 ids (a payload must stay
-- under 8000 bytes; 100 uuids take about 4000). The server first read each
-- chunk back with one SELECT (docs/decisions/017); since decision 022 it
-- passes on the ids alone (plugins/realtime.ts).
--
-- Transition tables allow one event per trigger, hence three triggers.
DROP TRIGGER registrations_notify ON registrations;

CREATE FUNCTION caravana_notify_registrations() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  FOR ids IN
    SELECT array_agg(id ORDER BY n) FROM (SELECT id, row_number() OVER () - 1 AS n FROM changed_rows) c
    GROUP BY n / 100 ORDER BY n / 100
  LOOP
    PERFORM pg_notify('caravana_events', json_build_object(
      'type', CASE TG_OP WHEN 'INSERT' THEN 'registration-inserted'
                         WHEN 'UPDATE' THEN 'registration-updated'
                         ELSE 'registration-deleted' END,
      'ids', ids)::text);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER registrations_notify_insert AFTER INSERT ON registrations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_registrations();
CREATE TRIGGER registrations_notify_update AFTER UPDATE ON registrations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_registrations();
CREATE TRIGGER registrations_notify_delete AFTER DELETE ON registrations
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_registrations();
