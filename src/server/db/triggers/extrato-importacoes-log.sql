CREATE OR REPLACE TRIGGER extrato_importacoes_log AFTER UPDATE ON public.extrato_importacoes FOR EACH ROW EXECUTE FUNCTION caravana_log_finance();

COMMENT ON TRIGGER extrato_importacoes_log ON extrato_importacoes IS 'A finished statement import is logged with its counts.';
