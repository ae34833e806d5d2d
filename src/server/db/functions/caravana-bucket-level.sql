CREATE OR REPLACE FUNCTION public.caravana_bucket_level(tokens double precision, since timestamp with time zone, at timestamp with time zone, p_limit integer, p_window_ms integer)
 RETURNS double precision
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT least(p_limit, tokens + extract(epoch FROM at - since) * 1000 * p_limit / p_window_ms)
$function$;

COMMENT ON FUNCTION caravana_bucket_level(tokens double precision, since timestamp with time zone, at timestamp with time zone, p_limit integer, p_window_ms integer) IS 'Tokens in a rate-limit bucket at a moment: what it had, refilled since, never over the limit.';
