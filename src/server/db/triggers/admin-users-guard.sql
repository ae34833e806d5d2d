CREATE OR REPLACE TRIGGER admin_users_guard AFTER DELETE OR UPDATE ON public.admin_users FOR EACH ROW EXECUTE FUNCTION caravana_admin_users_guard();

COMMENT ON TRIGGER admin_users_guard ON admin_users IS 'Deactivating a person, or giving a new password or role, ends their sessions; one active Coordenação always remains.';
