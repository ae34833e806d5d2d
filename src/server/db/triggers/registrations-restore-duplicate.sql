CREATE OR REPLACE TRIGGER registrations_restore_duplicate BEFORE INSERT ON public.registrations FOR EACH ROW WHEN ((current_setting('caravana.restoring'::text, true) = 'on'::text)) EXECUTE FUNCTION caravana_restore_duplicate();

COMMENT ON TRIGGER registrations_restore_duplicate ON registrations IS 'While restoring, a row that repeats an active person is kept, marked duplicata_antiga.';
