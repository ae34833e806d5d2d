-- An ended session closes its live streams at once, on every instance
-- (docs/decisions/027): whatever deletes the rows (a logout, a password
-- change, a sweep of expired sessions, psql) announces their hashes, and each
-- instance ends the streams opened with them. 100 hashes (64 characters each)
-- per payload keep it under 8000 bytes.
CREATE FUNCTION caravana_notify_sessions_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  hashes text[];
BEGIN
  FOR hashes IN
    SELECT array_agg(token_hash) FROM (SELECT token_hash, row_number() OVER () - 1 AS n FROM ended) e
    GROUP BY n / 100
  LOOP
    PERFORM pg_notify('caravana_events', json_build_object('type', 'sessions-ended', 'hashes', hashes)::text);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER admin_sessions_notify_delete AFTER DELETE ON admin_sessions
  REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_sessions_ended();
