CREATE OR REPLACE TRIGGER registrations_count_insert AFTER INSERT ON public.registrations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_count_registrations();

COMMENT ON TRIGGER registrations_count_insert ON registrations IS 'Keeps registration_counts (totals by status and method) exact without counting rows.';
