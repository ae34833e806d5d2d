CREATE OR REPLACE TRIGGER mensagem_listas_log AFTER INSERT ON public.mensagem_listas FOR EACH ROW EXECUTE FUNCTION caravana_log_messages();

COMMENT ON TRIGGER mensagem_listas_log ON mensagem_listas IS 'A list of messages made is logged: who, which group, which text, how many.';
