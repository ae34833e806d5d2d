CREATE OR REPLACE FUNCTION public.caravana_a_devolver(p uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  SELECT caravana_pago_liquido(p) - coalesce((SELECT sum(valor_centavos) FROM reembolsos
                                              WHERE inscricao_id = p AND origem = 'pagamento_a_maior'), 0)::int
$function$;

COMMENT ON FUNCTION caravana_a_devolver(p uuid) IS 'What a paid person who gives up or is deleted gets back: the net paid, less an excess refunded apart (pagamento_a_maior).';
