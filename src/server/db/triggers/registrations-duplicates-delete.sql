CREATE OR REPLACE TRIGGER registrations_duplicates_delete AFTER DELETE ON public.registrations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_keep_duplicate_marks();

COMMENT ON TRIGGER registrations_duplicates_delete ON registrations IS 'A removed row takes away the ''possível duplicata'' marks it caused.';
