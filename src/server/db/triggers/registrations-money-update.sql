CREATE OR REPLACE TRIGGER registrations_money_update AFTER UPDATE ON public.registrations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((pg_trigger_depth() < 1)) EXECUTE FUNCTION caravana_registrations_money();

COMMENT ON TRIGGER registrations_money_update ON registrations IS 'Every payment record: a status set becomes a payment or its undo, a new amount due an exemption or a discount; a paid person who gives up opens a refund.';
