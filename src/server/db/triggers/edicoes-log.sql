CREATE OR REPLACE TRIGGER edicoes_log AFTER UPDATE ON public.edicoes FOR EACH ROW EXECUTE FUNCTION caravana_log_editions();

COMMENT ON TRIGGER edicoes_log ON edicoes IS 'An edition''s close and the purge of its personal data are logged in the same transaction.';
