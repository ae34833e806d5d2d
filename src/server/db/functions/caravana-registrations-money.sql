CREATE OR REPLACE FUNCTION public.caravana_registrations_money()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  gave_up text;
BEGIN
  IF NOT caravana_logging() THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Someone who gave up is not paid, by any path: their money is a refund to decide, never a payment.
    SELECT n.nome_completo INTO gave_up FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.situacao = 'desistente' AND n.status_pagamento = 'confirmado' AND o.status_pagamento <> 'confirmado'
      AND caravana_valor_devido(n) > 0
    LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION '% desistiu da inscrição: o que pagou entra em "Reembolsos", não como pagamento.', gave_up
        USING ERRCODE = 'CV409';
    END IF;

    -- An exemption or a discount: what is owed changed (valor_centavos), with the panel's reason.
    INSERT INTO pagamentos (inscricao_id, nome, referencia, tipo, valor_centavos, origem, registrado_por,
                            registrado_por_nome, motivo)
    SELECT n.id, n.nome_completo, n.referencia,
      CASE WHEN caravana_valor_devido(n) = 0 THEN 'isencao' ELSE 'desconto' END,
      caravana_valor_devido(o) - caravana_valor_devido(n), 'painel', caravana_actor_id(), caravana_actor_name('sistema'),
      coalesce(caravana_pagamento() ->> 'motivo', 'Valor alterado fora do painel')
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.valor_centavos IS DISTINCT FROM o.valor_centavos AND caravana_valor_devido(n) <> caravana_valor_devido(o);

    -- A payment confirmed or undone. A statement's credit says which line paid whom and how much
    -- (caravana.pagamento's "linhas"); otherwise the record is what is owed.
    INSERT INTO pagamentos (inscricao_id, nome, referencia, tipo, valor_centavos, metodo, origem, extrato_linha_id,
                            recebido_por, registrado_por, registrado_por_nome)
    SELECT n.id, n.nome_completo, n.referencia,
      CASE WHEN n.status_pagamento = 'confirmado' THEN 'pagamento' ELSE 'estorno' END,
      CASE WHEN n.status_pagamento = 'confirmado'
        THEN coalesce((caravana_pagamento() -> 'linhas' -> n.id::text ->> 'valor')::int, caravana_valor_devido(n))
        ELSE -p.liquido END,
      CASE WHEN n.status_pagamento = 'confirmado' THEN n.metodo_pagamento ELSE last.metodo END,
      CASE WHEN n.status_pagamento = 'confirmado'
        THEN coalesce(caravana_pagamento() ->> 'origem', 'painel') ELSE last.origem END,
      CASE WHEN n.status_pagamento = 'pendente' THEN last.extrato_linha_id
           ELSE (caravana_pagamento() -> 'linhas' -> n.id::text ->> 'linha')::bigint END,
      CASE WHEN n.status_pagamento = 'confirmado'
        THEN CASE WHEN n.metodo_pagamento = 'ESPECIE' THEN caravana_actor_id() END ELSE last.recebido_por END,
      caravana_actor_id(), caravana_actor_name('sistema')
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    -- Only for a row whose payment status changed: a release of 150 seats adds up no one's payments.
    CROSS JOIN LATERAL (SELECT CASE WHEN n.status_pagamento <> o.status_pagamento
                                    THEN caravana_pago_liquido(n.id) END AS liquido) p
    LEFT JOIN LATERAL (SELECT x.metodo, x.origem, x.recebido_por, x.extrato_linha_id FROM pagamentos x
                       WHERE x.inscricao_id = n.id AND x.tipo = 'pagamento' ORDER BY x.id DESC LIMIT 1) last ON true
    WHERE n.status_pagamento <> o.status_pagamento
      AND ((n.status_pagamento = 'confirmado' AND p.liquido <= 0 AND caravana_valor_devido(n) > 0)
        OR (n.status_pagamento = 'pendente' AND p.liquido > 0));

    -- An undone payment takes back the refunds still to decide that it had opened: the excess of a credit
    -- above what was owed, and what a person who gave up was to get back.
    DELETE FROM reembolsos r USING new_rows n, old_rows o
    WHERE o.id = n.id AND r.inscricao_id = n.id AND r.estado = 'pendente'
      AND r.origem IN ('pagamento_a_maior', 'desistencia')
      AND n.status_pagamento = 'pendente' AND o.status_pagamento = 'confirmado';

    -- A paid person who gives up leaves a refund to decide (what they paid, less an excess refunded apart);
    -- coming back takes it away.
    INSERT INTO reembolsos (inscricao_id, nome, referencia, origem, valor_centavos)
    SELECT n.id, n.nome_completo, n.referencia, 'desistencia', caravana_a_devolver(n.id)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.situacao = 'desistente' AND o.situacao <> 'desistente' AND caravana_a_devolver(n.id) > 0;
    DELETE FROM reembolsos r USING new_rows n, old_rows o
    WHERE o.id = n.id AND r.inscricao_id = n.id AND r.estado = 'pendente' AND r.origem = 'desistencia'
      AND o.situacao = 'desistente' AND n.situacao <> 'desistente';
  ELSE
    INSERT INTO reembolsos (inscricao_id, nome, referencia, origem, valor_centavos)
    SELECT o.id, o.nome_completo, o.referencia, 'exclusao', caravana_a_devolver(o.id)
    FROM old_rows o WHERE caravana_a_devolver(o.id) > 0
      AND NOT EXISTS (SELECT 1 FROM reembolsos r WHERE r.inscricao_id = o.id AND r.origem IN ('desistencia', 'exclusao'));
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_registrations_money() IS 'Writes every payment record: a status set (the panel, the roll call, a statement, an edit, psql) becomes a payment or its undo (never for someone who gave up; an undo withdraws the refunds it had opened), a new amount due an exemption or a discount; a paid person who gives up or is deleted opens a refund.';
