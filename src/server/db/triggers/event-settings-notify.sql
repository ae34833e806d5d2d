CREATE OR REPLACE TRIGGER event_settings_notify AFTER INSERT OR DELETE OR UPDATE ON public.event_settings FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_settings();

COMMENT ON TRIGGER event_settings_notify ON event_settings IS 'A settings change is announced: every instance reads the settings again and every open page follows.';
