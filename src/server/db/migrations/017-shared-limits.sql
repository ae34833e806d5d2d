-- Per-client limits live in the database, so every instance on one PostgreSQL
-- counts against one allowance (docs/decisions/027). The database's clock is
-- the only clock. The rows are short-lived counters: UNLOGGED spares them the
-- WAL, and a crash that empties them only gives clients a fresh allowance.

-- A token bucket per scope and client: `p_limit` at once, refilled evenly
-- over the window. Returns 0 when a token was taken, else the ms to wait.
CREATE UNLOGGED TABLE rate_limit_buckets (
  scope text NOT NULL,
  client text NOT NULL,
  tokens double precision NOT NULL,
  -- Whether the last request took a token.
  took boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  -- Once passed, the bucket is full again, so the row can go.
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, client)
);
CREATE INDEX rate_limit_buckets_expiry_idx ON rate_limit_buckets (expires_at);

-- Tokens in a bucket at `at`: what it had, refilled since, never over the limit.
CREATE FUNCTION caravana_bucket_level(tokens double precision, since timestamptz, at timestamptz, p_limit integer, p_window_ms integer)
RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
  SELECT least(p_limit, tokens + extract(epoch FROM at - since) * 1000 * p_limit / p_window_ms)
$$;

-- One statement, its plan kept by PL/pgSQL: it runs on every registration (decision 027).
CREATE FUNCTION take_rate_limit_token(p_scope text, p_client text, p_limit integer, p_window_ms integer)
RETURNS integer LANGUAGE plpgsql AS $$
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
$$;

-- Every login attempt, counted as a failure from the moment it starts; a
-- success deletes its client's rows. Per client: `p_free` failures are
-- answered at once, then each next attempt waits twice as long (from
-- `p_base_ms` up to `p_max_ms`) after the last one. Across every client, once
-- `p_budget` failures fell within `p_global_ms`, only clients with no recent
-- failure are heard. Returns 0 when the attempt may go on (and records it),
-- else the ms to wait.
CREATE UNLOGGED TABLE login_attempts (
  client text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX login_attempts_client_idx ON login_attempts (client, at);
CREATE INDEX login_attempts_at_idx ON login_attempts (at);

CREATE FUNCTION begin_login_attempt(
  p_client text, p_window_ms integer, p_free integer, p_base_ms integer, p_max_ms integer,
  p_global_ms integer, p_budget integer
) RETURNS integer LANGUAGE plpgsql AS $$
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
END $$;
