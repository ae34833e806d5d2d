CREATE OR REPLACE TRIGGER despesas_cash_out BEFORE INSERT ON public.despesas FOR EACH ROW EXECUTE FUNCTION caravana_cash_out_guard();

COMMENT ON TRIGGER despesas_cash_out ON despesas IS 'An expense paid in cash comes out of the cash of who paid it, never below zero.';
