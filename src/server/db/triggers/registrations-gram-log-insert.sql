CREATE OR REPLACE TRIGGER registrations_gram_log_insert AFTER INSERT ON public.registrations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_log_grams();

COMMENT ON TRIGGER registrations_gram_log_insert ON registrations IS 'Feeds the one- and two-letter search counters (registration_gram_log), append-only.';
