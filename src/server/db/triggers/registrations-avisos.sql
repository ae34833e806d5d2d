CREATE OR REPLACE TRIGGER registrations_avisos AFTER UPDATE ON public.registrations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_avisos_inscricao();

COMMENT ON TRIGGER registrations_avisos ON registrations IS 'A payment, a seat, a bus, a release or an authorisation queues a notice for the phones that proved the registration.';
