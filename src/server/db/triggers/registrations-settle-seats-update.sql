CREATE OR REPLACE TRIGGER registrations_settle_seats_update AFTER UPDATE ON public.registrations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((pg_trigger_depth() < 1)) EXECUTE FUNCTION caravana_settle_seats();

COMMENT ON TRIGGER registrations_settle_seats_update ON registrations IS 'After seats change the buses the rows left or took get exact counters (no bus over its seats), and the waiting list is seated in order.';
