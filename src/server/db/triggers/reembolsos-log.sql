CREATE OR REPLACE TRIGGER reembolsos_log AFTER UPDATE ON public.reembolsos FOR EACH ROW EXECUTE FUNCTION caravana_log_finance();

COMMENT ON TRIGGER reembolsos_log ON reembolsos IS 'A refund decided (''Reembolsado'' or ''Sem reembolso'') is logged.';
