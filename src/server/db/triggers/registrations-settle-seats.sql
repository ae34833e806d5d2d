CREATE OR REPLACE TRIGGER registrations_settle_seats AFTER INSERT OR DELETE OR UPDATE OF situacao, onibus_id ON public.registrations FOR EACH STATEMENT WHEN ((pg_trigger_depth() < 1)) EXECUTE FUNCTION caravana_settle_seats();

COMMENT ON TRIGGER registrations_settle_seats ON registrations IS 'After seats change the bus counters are recounted (no bus over its seats) and the waiting list is seated in order.';
