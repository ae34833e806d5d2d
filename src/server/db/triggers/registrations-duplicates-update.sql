CREATE OR REPLACE TRIGGER registrations_duplicates_update AFTER UPDATE ON public.registrations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_keep_duplicate_marks();

COMMENT ON TRIGGER registrations_duplicates_update ON registrations IS 'A changed name, phone or place checks the row and the rows it resembled again for ''possível duplicata''.';
