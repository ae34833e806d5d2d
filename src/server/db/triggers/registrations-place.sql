CREATE OR REPLACE TRIGGER registrations_place BEFORE INSERT OR UPDATE OF situacao, onibus_id, ordem_espera ON public.registrations FOR EACH ROW EXECUTE FUNCTION caravana_place_registration();

COMMENT ON TRIGGER registrations_place ON registrations IS 'A new registration takes the first free seat in fill order, or the end of the waiting list.';
