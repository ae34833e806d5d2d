CREATE OR REPLACE FUNCTION public.caravana_actor_name(fallback text)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$ SELECT coalesce(nullif(current_setting('caravana.ator_nome', true), ''), fallback) $function$;

COMMENT ON FUNCTION caravana_actor_name(fallback text) IS 'Who is acting, by name (caravana.ator_nome), or the given fallback (''visitante'', ''sistema'').';
