CREATE OR REPLACE TRIGGER registrations_log_insert AFTER INSERT ON public.registrations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_log_registrations();

COMMENT ON TRIGGER registrations_log_insert ON registrations IS 'A new registration is logged (''visitante'' from the form, or who added it).';
