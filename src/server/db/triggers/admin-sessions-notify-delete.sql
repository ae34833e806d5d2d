CREATE OR REPLACE TRIGGER admin_sessions_notify_delete AFTER DELETE ON public.admin_sessions REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_sessions_ended();

COMMENT ON TRIGGER admin_sessions_notify_delete ON admin_sessions IS 'Ended sessions (logout, new password, expiry, psql) are announced, and every instance closes their live streams.';
