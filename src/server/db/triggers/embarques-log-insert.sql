CREATE OR REPLACE TRIGGER embarques_log_insert AFTER INSERT ON public.embarques REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_log_boarding();

COMMENT ON TRIGGER embarques_log_insert ON embarques IS 'A boarding mark that changed something is logged (''embarcou'', or undone), with the trip.';
