CREATE OR REPLACE TRIGGER registrations_log_messages AFTER UPDATE OF sem_mensagens_em ON public.registrations FOR EACH ROW EXECUTE FUNCTION caravana_log_messages();

COMMENT ON TRIGGER registrations_log_messages ON registrations IS 'A family that asks for no messages, or for them again, is logged.';
