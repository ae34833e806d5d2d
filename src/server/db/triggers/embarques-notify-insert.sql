CREATE OR REPLACE TRIGGER embarques_notify_insert AFTER INSERT ON public.embarques REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_boarding();

COMMENT ON TRIGGER embarques_notify_insert ON embarques IS 'Boarding marks are announced to every phone at the doors: ids and states, never names.';
