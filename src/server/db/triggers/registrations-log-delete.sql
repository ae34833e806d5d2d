CREATE OR REPLACE TRIGGER registrations_log_delete AFTER DELETE ON public.registrations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_log_registrations();

COMMENT ON TRIGGER registrations_log_delete ON registrations IS 'A deleted registration is logged with what it held.';
