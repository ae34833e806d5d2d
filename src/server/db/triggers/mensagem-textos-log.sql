CREATE OR REPLACE TRIGGER mensagem_textos_log AFTER INSERT OR DELETE OR UPDATE ON public.mensagem_textos FOR EACH ROW EXECUTE FUNCTION caravana_log_messages();

COMMENT ON TRIGGER mensagem_textos_log ON mensagem_textos IS 'A message text edited or restored is logged.';
