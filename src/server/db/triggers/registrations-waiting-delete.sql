CREATE OR REPLACE TRIGGER registrations_waiting_delete AFTER DELETE ON public.registrations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_count_waiting();

COMMENT ON TRIGGER registrations_waiting_delete ON registrations IS 'Keeps waiting_count, the number on the waiting list, exact.';
