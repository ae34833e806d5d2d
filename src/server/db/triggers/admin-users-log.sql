CREATE OR REPLACE TRIGGER admin_users_log AFTER INSERT OR UPDATE ON public.admin_users FOR EACH ROW EXECUTE FUNCTION caravana_log_team();

COMMENT ON TRIGGER admin_users_log ON admin_users IS 'People of the panel added, deactivated, reactivated, given a new password or role are logged (never the hash).';
