CREATE OR REPLACE TRIGGER mensagem_linhas_notify AFTER UPDATE ON public.mensagem_linhas REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_messages();

COMMENT ON TRIGGER mensagem_linhas_notify ON mensagem_linhas IS 'A row sent, taken or dropped is announced, so every phone working the list sees the progress.';
