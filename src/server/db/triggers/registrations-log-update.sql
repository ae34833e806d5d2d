CREATE OR REPLACE TRIGGER registrations_log_update AFTER UPDATE ON public.registrations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_log_registrations();

COMMENT ON TRIGGER registrations_log_update ON registrations IS 'Each change of a registration is logged in words (paid, edited, moved, cancelled, receipt sent), with what differs.';
