CREATE OR REPLACE TRIGGER registrations_notify_delete AFTER DELETE ON public.registrations REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_registrations();

COMMENT ON TRIGGER registrations_notify_delete ON registrations IS 'Deleted ids are announced to the panels, 100 per event.';
