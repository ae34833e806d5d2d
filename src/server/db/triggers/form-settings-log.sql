CREATE OR REPLACE TRIGGER form_settings_log AFTER UPDATE ON public.form_settings FOR EACH ROW EXECUTE FUNCTION caravana_log_form_status();

COMMENT ON TRIGGER form_settings_log ON form_settings IS 'Opening or closing the form is logged.';
