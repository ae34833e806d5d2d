CREATE OR REPLACE FUNCTION public.begin_login_attempt(p_client text, p_window_ms integer, p_free integer, p_base_ms integer, p_max_ms integer, p_global_ms integer, p_budget integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  t timestamptz := clock_timestamp();
  failures integer;
  last_at timestamptz;
  wait_until timestamptz;
  recent_global integer;
  oldest_global timestamptz;
BEGIN
  -- One attempt at a time, across instances: a burst of parallel guesses sees every earlier one.
  PERFORM pg_advisory_xact_lock(7272026);
  SELECT count(*), max(at) INTO failures, last_at
    FROM login_attempts WHERE client = p_client AND at > t - make_interval(secs => p_window_ms / 1000.0);
  IF failures > p_free THEN
    wait_until := last_at + make_interval(secs => least(p_base_ms * 2 ^ (failures - p_free - 1), p_max_ms) / 1000.0);
    IF wait_until > t THEN
      RETURN ceil(extract(epoch FROM wait_until - t) * 1000);
    END IF;
  END IF;
  IF failures > 0 THEN
    SELECT count(*), min(at) INTO recent_global, oldest_global
      FROM login_attempts WHERE at > t - make_interval(secs => p_global_ms / 1000.0);
    IF recent_global >= p_budget THEN
      RETURN greatest(1, ceil(extract(epoch FROM oldest_global + make_interval(secs => p_global_ms / 1000.0) - t) * 1000));
    END IF;
  END IF;
  INSERT INTO login_attempts (client, at) VALUES (p_client, t);
  RETURN 0;
END $function$;

COMMENT ON FUNCTION begin_login_attempt(p_client text, p_window_ms integer, p_free integer, p_base_ms integer, p_max_ms integer, p_global_ms integer, p_budget integer) IS 'Login throttle: how long this client must wait before another password try, per client and for everyone.';
