CREATE OR REPLACE TRIGGER registrations_waiting_insert AFTER INSERT ON public.registrations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_count_waiting();

COMMENT ON TRIGGER registrations_waiting_insert ON registrations IS 'Keeps waiting_count, the number on the waiting list, exact.';
