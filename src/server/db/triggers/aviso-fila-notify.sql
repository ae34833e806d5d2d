CREATE OR REPLACE TRIGGER aviso_fila_notify AFTER INSERT ON public.aviso_fila FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_avisos();

COMMENT ON TRIGGER aviso_fila_notify ON aviso_fila IS 'Queued notices wake the senders of every instance.';
