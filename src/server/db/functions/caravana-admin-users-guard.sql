CREATE OR REPLACE FUNCTION public.caravana_admin_users_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' OR NOT NEW.ativo OR NEW.senha_hash IS DISTINCT FROM OLD.senha_hash OR NEW.papel <> OLD.papel THEN
    DELETE FROM admin_sessions WHERE user_id = OLD.id;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM admin_users WHERE ativo AND papel = 'coordenacao') THEN
    RAISE EXCEPTION 'ultima_coordenacao' USING ERRCODE = 'check_violation',
      HINT = 'A caravana precisa de pelo menos uma pessoa ativa na Coordenação.';
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_admin_users_guard() IS 'Ends the sessions of a person deactivated or given a new password or role; refuses to leave no active Coordenação.';
