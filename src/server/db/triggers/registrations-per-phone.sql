CREATE OR REPLACE TRIGGER registrations_per_phone AFTER INSERT ON public.registrations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_registrations_per_phone();

COMMENT ON TRIGGER registrations_per_phone ON registrations IS 'The form''s registrations on one phone stop at the setting inscricoes_por_numero; new rows add ''possível duplicata'' marks.';
