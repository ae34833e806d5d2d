CREATE OR REPLACE TRIGGER registrations_notify_insert AFTER INSERT ON public.registrations REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_registrations();

COMMENT ON TRIGGER registrations_notify_insert ON registrations IS 'New ids are announced to the panels, 100 per event.';
