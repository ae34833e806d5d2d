CREATE OR REPLACE TRIGGER pagamentos_um_escritor BEFORE INSERT ON public.pagamentos FOR EACH STATEMENT WHEN (((pg_trigger_depth() < 1) AND (COALESCE(current_setting('caravana.restoring'::text, true), ''::text) <> 'on'::text))) EXECUTE FUNCTION caravana_pagamentos_so_pelo_banco();

COMMENT ON TRIGGER pagamentos_um_escritor ON pagamentos IS 'Payment records have one writer, caravana_registrations_money (a restore brings them back as they were).';
