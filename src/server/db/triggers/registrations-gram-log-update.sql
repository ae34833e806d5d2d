CREATE OR REPLACE TRIGGER registrations_gram_log_update AFTER UPDATE ON public.registrations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_log_grams();

COMMENT ON TRIGGER registrations_gram_log_update ON registrations IS 'Feeds the one- and two-letter search counters (registration_gram_log), append-only.';
