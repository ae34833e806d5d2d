CREATE OR REPLACE TRIGGER onibus_log AFTER INSERT OR DELETE OR UPDATE ON public.onibus FOR EACH ROW EXECUTE FUNCTION caravana_log_buses();

COMMENT ON TRIGGER onibus_log ON onibus IS 'A bus added, renamed, resized or removed is logged.';
