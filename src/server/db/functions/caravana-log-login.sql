CREATE OR REPLACE FUNCTION public.caravana_log_login()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT caravana_logging() THEN RETURN NULL; END IF;
  INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo)
  SELECT u.id, u.nome, 'sessao.entrou', u.nome || ' entrou no painel' FROM admin_users u WHERE u.id = NEW.user_id;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_log_login() IS 'Writes a login to the activity log.';
