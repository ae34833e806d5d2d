CREATE OR REPLACE TRIGGER registrations_duplicates_truncate AFTER TRUNCATE ON public.registrations FOR EACH STATEMENT EXECUTE FUNCTION caravana_keep_duplicate_marks();

COMMENT ON TRIGGER registrations_duplicates_truncate ON registrations IS 'Emptying registrations empties registration_duplicates.';
