CREATE OR REPLACE TRIGGER registrations_count_delete AFTER DELETE ON public.registrations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_count_registrations();

COMMENT ON TRIGGER registrations_count_delete ON registrations IS 'Keeps registration_counts (totals by status and method) exact without counting rows.';
