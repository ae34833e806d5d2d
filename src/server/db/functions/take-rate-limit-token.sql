CREATE OR REPLACE FUNCTION public.take_rate_limit_token(p_scope text, p_client text, p_limit integer, p_window_ms integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  wait integer;
BEGIN
  INSERT INTO rate_limit_buckets AS b (scope, client, tokens, took, updated_at, expires_at)
  VALUES (p_scope, p_client, p_limit - 1, true, statement_timestamp(),
          statement_timestamp() + make_interval(secs => p_window_ms / 1000.0 / p_limit))
  ON CONFLICT (scope, client) DO UPDATE SET
    took = caravana_bucket_level(b.tokens, b.updated_at, EXCLUDED.updated_at, p_limit, p_window_ms) >= 1,
    tokens = caravana_bucket_level(b.tokens, b.updated_at, EXCLUDED.updated_at, p_limit, p_window_ms)
      - CASE WHEN caravana_bucket_level(b.tokens, b.updated_at, EXCLUDED.updated_at, p_limit, p_window_ms) >= 1
        THEN 1 ELSE 0 END,
    updated_at = EXCLUDED.updated_at,
    expires_at = CASE
      WHEN caravana_bucket_level(b.tokens, b.updated_at, EXCLUDED.updated_at, p_limit, p_window_ms) >= 1
      THEN EXCLUDED.updated_at + make_interval(secs => (p_limit + 1
        - caravana_bucket_level(b.tokens, b.updated_at, EXCLUDED.updated_at, p_limit, p_window_ms)) * p_window_ms / 1000.0 / p_limit)
      ELSE b.expires_at END
  RETURNING CASE WHEN took THEN 0 ELSE ceil((1 - tokens) * p_window_ms / p_limit)::integer END INTO wait;
  RETURN wait;
END
$function$;

COMMENT ON FUNCTION take_rate_limit_token(p_scope text, p_client text, p_limit integer, p_window_ms integer) IS 'Takes one token from a client''s bucket (registrations per address); returns 0, or the milliseconds to wait when it is empty.';
