CREATE OR REPLACE TRIGGER extrato_linhas_log AFTER UPDATE ON public.extrato_linhas FOR EACH ROW EXECUTE FUNCTION caravana_log_finance();

COMMENT ON TRIGGER extrato_linhas_log ON extrato_linhas IS 'An ignored statement line is logged.';
