CREATE OR REPLACE FUNCTION public.caravana_json_diff(a jsonb, b jsonb)
 RETURNS TABLE(antes jsonb, depois jsonb)
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- Set-returning, so the planner inlines it where it is called (decision 068): one logged row pays no call.
  SELECT coalesce(jsonb_object_agg(k, a -> k), '{}'), coalesce(jsonb_object_agg(k, b -> k), '{}')
  FROM jsonb_object_keys(a || b) AS k WHERE a -> k IS DISTINCT FROM b -> k
$function$;

COMMENT ON FUNCTION caravana_json_diff(a jsonb, b jsonb) IS 'The keys that differ between two versions of a row, on both sides (the log''s antes/depois).';
