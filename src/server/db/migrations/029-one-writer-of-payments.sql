-- One writer of payment records: the database (docs/decisions/040). The server says what a change is through one
-- transaction flag, caravana.pagamento (src/server/db/transaction-flags.ts): its source, a statement's lines and
-- amounts per registration, an adjustment's reason. Nothing else inserts into pagamentos.

CREATE FUNCTION caravana_pagamento() RETURNS jsonb
LANGUAGE sql STABLE AS $$ SELECT coalesce(nullif(current_setting('caravana.pagamento', true), ''), '{}')::jsonb $$;
COMMENT ON FUNCTION caravana_pagamento() IS 'What the server says of this transaction''s payment changes (caravana.pagamento): origem, linhas, motivo.';

-- What a person who gives up or is deleted gets back: what they paid, less an excess already refunded apart.
CREATE FUNCTION caravana_a_devolver(p uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT caravana_pago_liquido(p) - coalesce((SELECT sum(valor_centavos) FROM reembolsos
                                              WHERE inscricao_id = p AND origem = 'pagamento_a_maior'), 0)::int
$$;
COMMENT ON FUNCTION caravana_a_devolver(uuid) IS 'What a paid person who gives up or is deleted gets back: the net paid, less an excess refunded apart (pagamento_a_maior).';

CREATE OR REPLACE FUNCTION caravana_registrations_money() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT caravana_logging() THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' THEN
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
    CROSS JOIN LATERAL (SELECT caravana_pago_liquido(n.id) AS liquido) p
    LEFT JOIN LATERAL (SELECT x.metodo, x.origem, x.recebido_por, x.extrato_linha_id FROM pagamentos x
                       WHERE x.inscricao_id = n.id AND x.tipo = 'pagamento' ORDER BY x.id DESC LIMIT 1) last ON true
    WHERE n.status_pagamento <> o.status_pagamento
      AND ((n.status_pagamento = 'confirmado' AND p.liquido <= 0 AND caravana_valor_devido(n) > 0)
        OR (n.status_pagamento = 'pendente' AND p.liquido > 0));

    -- An undone payment takes back the excess it had left to decide (a credit above what was owed).
    DELETE FROM reembolsos r USING new_rows n, old_rows o
    WHERE o.id = n.id AND r.inscricao_id = n.id AND r.estado = 'pendente' AND r.origem = 'pagamento_a_maior'
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
$$;
COMMENT ON FUNCTION caravana_registrations_money() IS 'Writes every payment record: a status set (the panel, the roll call, a statement, an edit, psql) becomes a payment or its undo, a new amount due an exemption or a discount; a paid person who gives up or is deleted opens a refund.';

CREATE OR REPLACE FUNCTION caravana_log_registrations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT caravana_logging() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, inscricao_id, resumo, depois)
    SELECT caravana_actor_id(), caravana_actor_name('visitante'), 'inscricao.criada', n.id,
           'Inscrição de ' || n.nome_completo, caravana_registration_json(n)
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, inscricao_id, resumo, antes)
    SELECT caravana_actor_id(), caravana_actor_name('sistema'), 'inscricao.excluida', o.id,
           'Inscrição de ' || o.nome_completo || ' excluída', caravana_registration_json(o)
    FROM old_rows o;
  ELSE
    INSERT INTO activity_log (ator_id, ator_nome, tipo, inscricao_id, resumo, antes, depois)
    SELECT caravana_actor_id(),
           caravana_actor_name(CASE WHEN c.tipo = 'comprovante.enviado' THEN 'visitante' ELSE 'sistema' END),
           c.tipo, c.id, c.resumo, d.antes, d.depois
    FROM (
      SELECT n.id, caravana_registration_json(o) AS a, caravana_registration_json(n) AS b,
        CASE
          WHEN n.situacao = 'desistente' AND o.situacao <> 'desistente' THEN 'inscricao.cancelada'
          WHEN n.status_pagamento <> o.status_pagamento
               AND coalesce(caravana_pagamento() ->> 'origem', '') IN ('extrato', 'ajuste') THEN NULL
          WHEN n.status_pagamento <> o.status_pagamento THEN 'pagamento.' || n.status_pagamento
          WHEN n.autorizacao_recebida_em IS DISTINCT FROM o.autorizacao_recebida_em THEN
            CASE WHEN n.autorizacao_recebida_em IS NULL THEN 'autorizacao.desfeita' ELSE 'autorizacao.recebida' END
          WHEN n.situacao <> o.situacao OR n.onibus_id IS DISTINCT FROM o.onibus_id THEN 'inscricao.movida'
          WHEN (n.nome_completo, n.idade, n.numero_responsavel, n.metodo_pagamento, n.responsavel_nome, n.parentesco)
               IS DISTINCT FROM (o.nome_completo, o.idade, o.numero_responsavel, o.metodo_pagamento, o.responsavel_nome,
                                 o.parentesco)
            THEN 'inscricao.editada'
          WHEN n.comprovante_path IS DISTINCT FROM o.comprovante_path AND n.comprovante_path IS NOT NULL
            THEN 'comprovante.enviado'
        END AS tipo,
        CASE
          WHEN n.situacao = 'desistente' AND o.situacao <> 'desistente' THEN n.nome_completo || ' desistiu (vaga liberada)'
          WHEN n.status_pagamento = 'confirmado' AND o.status_pagamento <> 'confirmado' THEN
            'Pagamento de ' || n.nome_completo || ' confirmado' ||
            CASE WHEN n.metodo_pagamento = 'ESPECIE' THEN ' (espécie)' ELSE '' END
          WHEN n.status_pagamento <> o.status_pagamento THEN 'Pagamento de ' || n.nome_completo || ' voltou para pendente'
          WHEN n.autorizacao_recebida_em IS DISTINCT FROM o.autorizacao_recebida_em THEN
            CASE WHEN n.autorizacao_recebida_em IS NULL THEN 'Autorização de viagem de ' || n.nome_completo || ' desmarcada'
                 ELSE 'Autorização de viagem de ' || n.nome_completo || ' recebida' END
          WHEN n.situacao = 'espera' THEN n.nome_completo || ' foi para a lista de espera'
          WHEN n.situacao <> o.situacao OR n.onibus_id IS DISTINCT FROM o.onibus_id THEN
            n.nome_completo || ' agora em ' || coalesce((SELECT nome FROM onibus WHERE id = n.onibus_id), 'uma vaga')
          WHEN n.comprovante_path IS DISTINCT FROM o.comprovante_path AND n.nome_completo = o.nome_completo
               AND n.idade = o.idade THEN 'Comprovante de ' || n.nome_completo || ' enviado'
          ELSE 'Inscrição de ' || n.nome_completo || ' editada'
        END AS resumo
      FROM new_rows n JOIN old_rows o ON o.id = n.id
    ) c, LATERAL caravana_json_diff(c.a, c.b) d
    WHERE c.tipo IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;

-- Records come only from the function above (a statement's own depth is 0; a trigger's insert is deeper), or from a restore.
CREATE FUNCTION caravana_pagamentos_so_pelo_banco() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Pagamentos são registrados pelo banco: mude status_pagamento ou valor_centavos da inscrição (docs/schema.md).'
    USING ERRCODE = 'CV409';
END
$$;
CREATE TRIGGER pagamentos_um_escritor BEFORE INSERT ON pagamentos FOR EACH STATEMENT
  WHEN (pg_trigger_depth() < 1 AND coalesce(current_setting('caravana.restoring', true), '') <> 'on')
  EXECUTE FUNCTION caravana_pagamentos_so_pelo_banco();
COMMENT ON FUNCTION caravana_pagamentos_so_pelo_banco() IS 'Refuses a payment record written directly: the registration''s change writes it.';
COMMENT ON TRIGGER pagamentos_um_escritor ON pagamentos IS 'Payment records have one writer, caravana_registrations_money (a restore brings them back as they were).';
COMMENT ON TRIGGER registrations_money_update ON registrations IS 'Every payment record: a status set becomes a payment or its undo, a new amount due an exemption or a discount; a paid person who gives up opens a refund.';
