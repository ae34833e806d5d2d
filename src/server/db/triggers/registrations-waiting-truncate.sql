CREATE OR REPLACE TRIGGER registrations_waiting_truncate AFTER TRUNCATE ON public.registrations FOR EACH STATEMENT EXECUTE FUNCTION caravana_count_waiting();

COMMENT ON TRIGGER registrations_waiting_truncate ON registrations IS 'Keeps waiting_count, the number on the waiting list, exact.';
