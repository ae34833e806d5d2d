CREATE OR REPLACE TRIGGER pagamentos_written AFTER INSERT ON public.pagamentos REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_payments_written();

COMMENT ON TRIGGER pagamentos_written ON pagamentos IS 'A statement line pays no more than its amount; cash never goes below zero; statement payments and adjustments are logged.';
