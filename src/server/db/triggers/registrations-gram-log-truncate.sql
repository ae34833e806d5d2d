CREATE OR REPLACE TRIGGER registrations_gram_log_truncate AFTER TRUNCATE ON public.registrations FOR EACH STATEMENT EXECUTE FUNCTION caravana_log_grams();

COMMENT ON TRIGGER registrations_gram_log_truncate ON registrations IS 'Feeds the one- and two-letter search counters (registration_gram_log), append-only.';
