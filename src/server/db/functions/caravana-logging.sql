CREATE OR REPLACE FUNCTION public.caravana_logging()
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(current_setting('caravana.restoring', true), '') <> 'on'
     AND coalesce(current_setting('caravana.purging', true), '') <> 'on'
     AND coalesce(current_setting('caravana.encerrando', true), '') <> 'on'
$function$;

COMMENT ON FUNCTION caravana_logging() IS 'Whether the log writes entries: not while a restore, the purge or an edition''s close runs.';
