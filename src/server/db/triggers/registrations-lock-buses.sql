CREATE OR REPLACE TRIGGER registrations_lock_buses BEFORE INSERT OR DELETE OR UPDATE OF situacao, onibus_id ON public.registrations FOR EACH STATEMENT WHEN ((pg_trigger_depth() < 1)) EXECUTE FUNCTION caravana_lock_buses();

COMMENT ON TRIGGER registrations_lock_buses ON registrations IS 'A statement that seats, moves or removes people first locks every bus row in one order.';
