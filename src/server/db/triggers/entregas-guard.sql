CREATE OR REPLACE TRIGGER entregas_guard BEFORE INSERT OR UPDATE ON public.entregas_dinheiro FOR EACH ROW EXECUTE FUNCTION caravana_handover_guard();

COMMENT ON TRIGGER entregas_guard ON entregas_dinheiro IS 'A handover goes to active Coordenação, never beyond the cash in hand, and is confirmed once.';
