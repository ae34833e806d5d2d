CREATE OR REPLACE TRIGGER reembolsos_cash_out BEFORE UPDATE ON public.reembolsos FOR EACH ROW EXECUTE FUNCTION caravana_cash_out_guard();

COMMENT ON TRIGGER reembolsos_cash_out ON reembolsos IS 'A refund paid in cash comes out of the cash of who paid it, never below zero.';
