CREATE OR REPLACE TRIGGER aviso_inscricoes_sem_inscricao AFTER DELETE ON public.aviso_inscricoes REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION caravana_avisos_sem_inscricao();

COMMENT ON TRIGGER aviso_inscricoes_sem_inscricao ON aviso_inscricoes IS 'A subscription that no longer proves any registration is deleted.';
