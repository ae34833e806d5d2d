CREATE OR REPLACE FUNCTION public.caravana_log_registrations()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  -- Looked up once: a release of 150 seats says each deadline in the event's zone.
  fuso text := caravana_fuso();
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
      SELECT n.id,
        -- A change of seat alone (a release, a promotion, a move) keeps only the seat: cheap when a thousand
        -- seats change at once; any other change keeps what the panel shows.
        CASE WHEN (n.nome_completo, n.idade, n.numero_responsavel, n.metodo_pagamento, n.status_pagamento, n.referencia)
               IS NOT DISTINCT FROM (o.nome_completo, o.idade, o.numero_responsavel, o.metodo_pagamento,
                                     o.status_pagamento, o.referencia)
          THEN jsonb_build_object('situacao', o.situacao, 'onibus', (SELECT nome FROM onibus WHERE id = o.onibus_id))
          ELSE caravana_registration_json(o) END AS a,
        CASE WHEN (n.nome_completo, n.idade, n.numero_responsavel, n.metodo_pagamento, n.status_pagamento, n.referencia)
               IS NOT DISTINCT FROM (o.nome_completo, o.idade, o.numero_responsavel, o.metodo_pagamento,
                                     o.status_pagamento, o.referencia)
          THEN jsonb_build_object('situacao', n.situacao, 'onibus', (SELECT nome FROM onibus WHERE id = n.onibus_id))
          ELSE caravana_registration_json(n) END AS b,
        CASE
          WHEN n.situacao = 'desistente' AND o.situacao <> 'desistente' THEN 'inscricao.cancelada'
          WHEN n.situacao = 'vencida' AND o.situacao <> 'vencida' THEN 'inscricao.vencida'
          WHEN n.status_pagamento <> o.status_pagamento
               AND coalesce(caravana_pagamento() ->> 'origem', '') IN ('extrato', 'ajuste') THEN NULL
          WHEN n.status_pagamento <> o.status_pagamento THEN 'pagamento.' || n.status_pagamento
          WHEN n.autorizacao_recebida_em IS DISTINCT FROM o.autorizacao_recebida_em THEN
            CASE WHEN n.autorizacao_recebida_em IS NULL THEN 'autorizacao.desfeita' ELSE 'autorizacao.recebida' END
          WHEN n.situacao <> o.situacao OR n.onibus_id IS DISTINCT FROM o.onibus_id THEN 'inscricao.movida'
          WHEN n.prazo_pagamento IS DISTINCT FROM o.prazo_pagamento AND n.prazo_pagamento IS NOT NULL THEN
            CASE WHEN o.prazo_pagamento IS NULL THEN 'prazo.definido' ELSE 'prazo.prorrogado' END
          WHEN (n.nome_completo, n.idade, n.numero_responsavel, n.metodo_pagamento, n.responsavel_nome, n.parentesco)
               IS DISTINCT FROM (o.nome_completo, o.idade, o.numero_responsavel, o.metodo_pagamento, o.responsavel_nome,
                                 o.parentesco)
            THEN 'inscricao.editada'
          WHEN n.comprovante_path IS DISTINCT FROM o.comprovante_path AND n.comprovante_path IS NOT NULL
            THEN 'comprovante.enviado'
        END AS tipo,
        CASE
          WHEN n.situacao = 'desistente' AND o.situacao <> 'desistente' THEN n.nome_completo || ' desistiu (vaga liberada)'
          WHEN n.situacao = 'vencida' AND o.situacao <> 'vencida' THEN
            'Vaga liberada: o prazo de pagamento de ' || n.nome_completo || ' venceu em ' ||
            caravana_quando_em(n.prazo_pagamento, fuso)
          WHEN n.status_pagamento = 'confirmado' AND o.status_pagamento <> 'confirmado' THEN
            'Pagamento de ' || n.nome_completo || ' confirmado' ||
            CASE WHEN n.metodo_pagamento = 'ESPECIE' THEN ' (espécie)' ELSE '' END
          WHEN n.status_pagamento <> o.status_pagamento THEN 'Pagamento de ' || n.nome_completo || ' voltou para pendente'
          WHEN n.autorizacao_recebida_em IS DISTINCT FROM o.autorizacao_recebida_em THEN
            CASE WHEN n.autorizacao_recebida_em IS NULL THEN 'Autorização de viagem de ' || n.nome_completo || ' desmarcada'
                 ELSE 'Autorização de viagem de ' || n.nome_completo || ' recebida' END
          WHEN o.situacao = 'vencida' AND n.situacao = 'espera' THEN
            'Vaga devolvida a ' || n.nome_completo || ': primeiro(a) da lista de espera'
          WHEN o.situacao = 'vencida' AND n.situacao = 'vaga' THEN
            'Vaga devolvida a ' || n.nome_completo || ', em ' || coalesce((SELECT nome FROM onibus WHERE id = n.onibus_id), 'uma vaga')
          WHEN n.situacao = 'espera' THEN n.nome_completo || ' foi para a lista de espera'
          WHEN n.situacao <> o.situacao OR n.onibus_id IS DISTINCT FROM o.onibus_id THEN
            n.nome_completo || ' agora em ' || coalesce((SELECT nome FROM onibus WHERE id = n.onibus_id), 'uma vaga')
          WHEN n.prazo_pagamento IS DISTINCT FROM o.prazo_pagamento AND n.prazo_pagamento IS NOT NULL
               AND n.situacao = o.situacao AND n.status_pagamento = o.status_pagamento THEN
            'Prazo de pagamento de ' || n.nome_completo ||
            CASE WHEN o.prazo_pagamento IS NULL THEN ': até ' ELSE ' prorrogado até ' END ||
            caravana_quando_em(n.prazo_pagamento, fuso) || coalesce(': ' || nullif(current_setting('caravana.motivo', true), ''), '')
          WHEN n.comprovante_path IS DISTINCT FROM o.comprovante_path AND n.nome_completo = o.nome_completo
               AND n.idade = o.idade THEN 'Comprovante de ' || n.nome_completo || ' enviado'
          ELSE 'Inscrição de ' || n.nome_completo || ' editada'
        END AS resumo
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      -- Kept apart (OFFSET 0), so the inlined diff reads each row's a and b once instead of building them anew
      -- for every key it compares.
      OFFSET 0
    ) c, LATERAL caravana_json_diff(c.a, c.b) d
    WHERE c.tipo IS NOT NULL;
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_log_registrations() IS 'Writes registrations'' creation, changes in words (a seat released when its deadline passed, a deadline extended with its reason), and deletion to the activity log.';
