CREATE OR REPLACE FUNCTION public.caravana_actor_id()
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$ SELECT nullif(current_setting('caravana.ator_id', true), '')::integer $function$;

COMMENT ON FUNCTION caravana_actor_id() IS 'Who is acting: the panel person''s id set for the transaction (caravana.ator_id), or null.';
