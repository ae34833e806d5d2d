CREATE OR REPLACE FUNCTION public.caravana_pagamento()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$ SELECT coalesce(nullif(current_setting('caravana.pagamento', true), ''), '{}')::jsonb $function$;

COMMENT ON FUNCTION caravana_pagamento() IS 'What the server says of this transaction''s payment changes (caravana.pagamento): origem, linhas, motivo.';
