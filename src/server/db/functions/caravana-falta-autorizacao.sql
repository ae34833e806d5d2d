CREATE OR REPLACE FUNCTION public.caravana_falta_autorizacao(r registrations)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$ SELECT r.idade < 16 AND r.autorizacao_recebida_em IS NULL $function$;

COMMENT ON FUNCTION caravana_falta_autorizacao(r registrations) IS 'An under-16 whose signed travel authorisation has not been handed in: the boarding list, the filter and the printed authorisations.';
