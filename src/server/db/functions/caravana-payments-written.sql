CREATE OR REPLACE FUNCTION public.caravana_payments_written()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  bad record;
BEGIN
  SELECT l.id INTO bad FROM extrato_linhas l
  WHERE l.id IN (SELECT extrato_linha_id FROM new_rows)
    AND (SELECT sum(p.valor_centavos) FROM pagamentos p WHERE p.extrato_linha_id = l.id AND p.tipo IN ('pagamento', 'estorno'))
        > l.valor_centavos
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Esta linha do extrato já pagou outra inscrição.' USING ERRCODE = 'CV409';
  END IF;

  UPDATE extrato_linhas l SET estado = 'sem_correspondencia', como = NULL, resolvida_por = NULL, resolvida_em = NULL
  WHERE l.id IN (SELECT extrato_linha_id FROM new_rows WHERE tipo = 'estorno')
    AND (SELECT coalesce(sum(p.valor_centavos), 0) FROM pagamentos p
         WHERE p.extrato_linha_id = l.id AND p.tipo IN ('pagamento', 'estorno')) = 0;

  PERFORM 1 FROM admin_users u WHERE u.id IN (SELECT recebido_por FROM new_rows WHERE tipo = 'estorno') FOR UPDATE;
  SELECT u.nome INTO bad FROM admin_users u
  WHERE u.id IN (SELECT recebido_por FROM new_rows WHERE tipo = 'estorno' AND metodo = 'ESPECIE')
    AND caravana_em_maos(u.id) < 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '% já entregou este dinheiro. Registre a devolução antes de desfazer o pagamento.', bad.nome
      USING ERRCODE = 'CV409';
  END IF;

  IF caravana_logging() THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, inscricao_id, resumo, depois)
    SELECT n.registrado_por, n.registrado_por_nome,
      CASE WHEN n.tipo = 'pagamento' THEN 'pagamento.extrato' ELSE 'pagamento.' || n.tipo END,
      n.inscricao_id,
      CASE
        WHEN n.tipo = 'pagamento' THEN
          'Pagamento de ' || n.nome || ' confirmado pelo extrato' ||
          CASE l.como WHEN 'codigo' THEN ' (código)' WHEN 'codigos' THEN ' (códigos, crédito dividido)'
                      WHEN 'nome' THEN ' (nome e valor, confirmado)'
                      WHEN 'parecido' THEN ' (código parecido, confirmado)'
                      WHEN 'responsavel' THEN ' (nome do responsável e valor, confirmado)'
                      WHEN 'vinculo' THEN CASE WHEN n.valor_centavos < l.valor_centavos
                        THEN ' (vinculado, crédito dividido)' ELSE ' (vinculado)' END
                      ELSE ' (vinculado)' END ||
          ': ' || to_char(l.data, 'DD/MM/YYYY') || ', ' ||
          -- A shared credit names each person's part, then the whole.
          CASE WHEN n.valor_centavos < l.valor_centavos
            THEN caravana_reais(n.valor_centavos) || ' de ' || caravana_reais(l.valor_centavos)
            ELSE caravana_reais(l.valor_centavos) END ||
          coalesce(', ' || l.pagador, '')
        WHEN n.tipo = 'isencao' THEN n.nome || ' isento(a) do pagamento: ' || n.motivo
        ELSE 'Valor de ' || n.nome || ' com desconto de ' || caravana_reais(n.valor_centavos) || ': ' || n.motivo
      END,
      jsonb_strip_nulls(jsonb_build_object('valor', n.valor_centavos, 'data', l.data, 'pagador', l.pagador,
        'como', l.como, 'banco', l.banco, 'motivo', n.motivo))
    FROM new_rows n LEFT JOIN extrato_linhas l ON l.id = n.extrato_linha_id
    WHERE (n.tipo = 'pagamento' AND n.origem = 'extrato') OR n.tipo IN ('isencao', 'desconto');
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_payments_written() IS 'Checks new payment records (a line pays no more than it carries, cash never below zero), frees undone lines, logs statement payments and adjustments.';
