CREATE OR REPLACE FUNCTION public.caravana_valor_devido(r registrations)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$ SELECT coalesce(r.valor_centavos, r.preco_centavos, 0) $function$;

COMMENT ON FUNCTION caravana_valor_devido(r registrations) IS 'What a registration owes: its price, after an exemption (0) or a discount.';
