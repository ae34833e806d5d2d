CREATE OR REPLACE FUNCTION public.caravana_em_maos(p integer)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  SELECT (coalesce((SELECT sum(valor_centavos) FROM pagamentos
                    WHERE recebido_por = p AND metodo = 'ESPECIE' AND tipo IN ('pagamento', 'estorno')), 0)
        + coalesce((SELECT sum(valor_centavos) FROM entregas_dinheiro WHERE para = p AND confirmada_em IS NOT NULL), 0)
        - coalesce((SELECT sum(valor_centavos) FROM entregas_dinheiro WHERE de = p), 0)
        - coalesce((SELECT sum(devolvido_centavos) FROM reembolsos
                    WHERE resolvido_por = p AND estado = 'reembolsado' AND metodo = 'ESPECIE'), 0)
        - coalesce((SELECT sum(valor_centavos) FROM despesas WHERE pago_em_especie_por = p), 0))::int
$function$;

COMMENT ON FUNCTION caravana_em_maos(p integer) IS 'Cash a person holds: received in cash and in confirmed handovers, less handed over, refunded in cash and spent in cash.';
