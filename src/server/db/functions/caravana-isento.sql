CREATE OR REPLACE FUNCTION public.caravana_isento(r registrations)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$ SELECT r.status_pagamento = 'confirmado' AND r.valor_centavos = 0 $function$;

COMMENT ON FUNCTION caravana_isento(r registrations) IS 'A registration exempted from paying ("Isento"): confirmed with an amount due of zero.';
