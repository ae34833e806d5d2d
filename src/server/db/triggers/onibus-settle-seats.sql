CREATE OR REPLACE TRIGGER onibus_settle_seats AFTER INSERT OR DELETE OR UPDATE ON public.onibus FOR EACH STATEMENT WHEN ((pg_trigger_depth() < 1)) EXECUTE FUNCTION caravana_settle_seats();

COMMENT ON TRIGGER onibus_settle_seats ON onibus IS 'After a bus change the seat counters are recounted and the waiting list is seated, first come first served.';
