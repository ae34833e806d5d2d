CREATE OR REPLACE TRIGGER entregas_log AFTER INSERT OR UPDATE ON public.entregas_dinheiro FOR EACH ROW EXECUTE FUNCTION caravana_log_finance();

COMMENT ON TRIGGER entregas_log ON entregas_dinheiro IS 'Handovers and their confirmation are logged.';
