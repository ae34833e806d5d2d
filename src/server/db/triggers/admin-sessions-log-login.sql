CREATE OR REPLACE TRIGGER admin_sessions_log_login AFTER INSERT ON public.admin_sessions FOR EACH ROW EXECUTE FUNCTION caravana_log_login();

COMMENT ON TRIGGER admin_sessions_log_login ON admin_sessions IS 'A login (a new session) is written to the activity log with who logged in.';
