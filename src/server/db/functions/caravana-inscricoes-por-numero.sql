CREATE OR REPLACE FUNCTION public.caravana_inscricoes_por_numero()
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce((SELECT (valor #>> '{}')::integer FROM event_settings WHERE chave = 'inscricoes_por_numero'), 10)
$function$;

COMMENT ON FUNCTION caravana_inscricoes_por_numero() IS 'The setting inscricoes_por_numero: active registrations the form takes on one phone.';
