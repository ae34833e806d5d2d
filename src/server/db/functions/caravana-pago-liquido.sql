CREATE OR REPLACE FUNCTION public.caravana_pago_liquido(p_id uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(sum(valor_centavos), 0)::int FROM pagamentos
  WHERE inscricao_id = p_id AND tipo IN ('pagamento', 'estorno')
$function$;

COMMENT ON FUNCTION caravana_pago_liquido(p_id uuid) IS 'What a registration has paid, net of undone payments.';
