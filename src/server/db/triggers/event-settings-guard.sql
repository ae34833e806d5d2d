CREATE OR REPLACE TRIGGER event_settings_guard BEFORE INSERT OR UPDATE OF valor ON public.event_settings FOR EACH ROW WHEN ((new.chave = 'fuso_horario'::text)) EXECUTE FUNCTION caravana_settings_guard();

COMMENT ON TRIGGER event_settings_guard ON event_settings IS 'A time zone PostgreSQL does not know is refused before it is kept: every payment deadline ends in it.';
