CREATE OR REPLACE TRIGGER despesas_log AFTER INSERT OR DELETE ON public.despesas FOR EACH ROW EXECUTE FUNCTION caravana_log_finance();

COMMENT ON TRIGGER despesas_log ON despesas IS 'Expenses added or removed are logged.';
