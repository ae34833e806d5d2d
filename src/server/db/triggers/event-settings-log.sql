CREATE OR REPLACE TRIGGER event_settings_log AFTER UPDATE ON public.event_settings FOR EACH ROW EXECUTE FUNCTION caravana_log_settings();

COMMENT ON TRIGGER event_settings_log ON event_settings IS 'A setting changed from the panel is logged with its old and new value.';
