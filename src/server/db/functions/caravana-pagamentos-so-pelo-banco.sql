CREATE OR REPLACE FUNCTION public.caravana_pagamentos_so_pelo_banco()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'Pagamentos são registrados pelo banco: mude status_pagamento ou valor_centavos da inscrição (docs/schema.md).'
    USING ERRCODE = 'CV409';
END
$function$;

COMMENT ON FUNCTION caravana_pagamentos_so_pelo_banco() IS 'Refuses a payment record written directly: the registration''s change writes it.';
