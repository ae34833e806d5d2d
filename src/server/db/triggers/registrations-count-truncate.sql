CREATE OR REPLACE TRIGGER registrations_count_truncate AFTER TRUNCATE ON public.registrations FOR EACH STATEMENT EXECUTE FUNCTION caravana_count_registrations();

COMMENT ON TRIGGER registrations_count_truncate ON registrations IS 'Keeps registration_counts (totals by status and method) exact without counting rows.';
