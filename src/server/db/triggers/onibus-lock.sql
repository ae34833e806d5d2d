CREATE OR REPLACE TRIGGER onibus_lock BEFORE INSERT OR DELETE OR UPDATE ON public.onibus FOR EACH STATEMENT WHEN ((pg_trigger_depth() < 1)) EXECUTE FUNCTION caravana_lock_buses();

COMMENT ON TRIGGER onibus_lock ON onibus IS 'Any change of buses first locks every bus row in one order, so seat counts never race.';
