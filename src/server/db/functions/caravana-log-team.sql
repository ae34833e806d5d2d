CREATE OR REPLACE FUNCTION public.caravana_log_team()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT caravana_logging() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, depois)
    VALUES (caravana_actor_id(), caravana_actor_name('sistema'), 'equipe.adicionada',
            NEW.nome || ' adicionada (' || CASE WHEN NEW.papel = 'coordenacao' THEN 'Coordenação' ELSE 'Equipe' END || ')',
            jsonb_build_object('nome', NEW.nome, 'login', NEW.login, 'papel', NEW.papel));
    RETURN NULL;
  END IF;
  IF NEW.ativo <> OLD.ativo THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, antes, depois)
    VALUES (caravana_actor_id(), caravana_actor_name('sistema'),
            CASE WHEN NEW.ativo THEN 'equipe.reativada' ELSE 'equipe.desativada' END,
            NEW.nome || CASE WHEN NEW.ativo THEN ' reativada' ELSE ' desativada' END,
            jsonb_build_object('ativo', OLD.ativo), jsonb_build_object('ativo', NEW.ativo));
  END IF;
  IF NEW.senha_hash IS DISTINCT FROM OLD.senha_hash THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo)
    VALUES (caravana_actor_id(), caravana_actor_name('sistema'), 'equipe.senha', 'Nova senha para ' || NEW.nome);
  END IF;
  IF NEW.papel <> OLD.papel THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, antes, depois)
    VALUES (caravana_actor_id(), caravana_actor_name('sistema'), 'equipe.papel', NEW.nome || ' mudou de papel',
            jsonb_build_object('papel', OLD.papel), jsonb_build_object('papel', NEW.papel));
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_log_team() IS 'Writes changes of the panel''s people to the activity log.';
