CREATE OR REPLACE TRIGGER registrations_money_delete AFTER DELETE ON public.registrations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT WHEN ((pg_trigger_depth() < 1)) EXECUTE FUNCTION caravana_registrations_money();

COMMENT ON TRIGGER registrations_money_delete ON registrations IS 'A paid registration deleted opens a refund, unless one was already decided.';
