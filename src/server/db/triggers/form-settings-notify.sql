CREATE OR REPLACE TRIGGER form_settings_notify AFTER UPDATE ON public.form_settings FOR EACH ROW EXECUTE FUNCTION caravana_notify();

COMMENT ON TRIGGER form_settings_notify ON form_settings IS 'Opening or closing the form is announced to every page.';
