CREATE OR REPLACE TRIGGER edicoes_notify AFTER INSERT ON public.edicoes FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_edition();

COMMENT ON TRIGGER edicoes_notify ON edicoes IS 'A new edition is announced to every instance in the same transaction.';
