-- A Vencida that still owes has nothing here to change (its deadline is the one that passed): a release skips
-- one call for each seat it frees.
CREATE OR REPLACE TRIGGER registrations_prazo BEFORE INSERT OR UPDATE OF situacao, onibus_id, status_pagamento ON public.registrations FOR EACH ROW WHEN (((COALESCE(current_setting('caravana.restoring'::text, true), ''::text) <> 'on'::text) AND ((new.situacao <> 'vencida'::text) OR (new.status_pagamento <> 'pendente'::text)))) EXECUTE FUNCTION caravana_prazo_e_fila();

COMMENT ON TRIGGER registrations_prazo ON registrations IS 'Each seat that owes keeps its own payment deadline; money from someone without a seat goes ahead in the waiting list.';
