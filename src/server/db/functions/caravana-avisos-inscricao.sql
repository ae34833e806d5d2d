CREATE OR REPLACE FUNCTION public.caravana_avisos_inscricao()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  r record;
  quem text;
BEGIN
  IF coalesce(current_setting('caravana.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  -- Once per statement, not once per row: most registrations have no phone with notices on, and a release of
  -- 150 seats then costs one query here instead of 300 calls (decision 074). Statement triggers fire in name
  -- order, so this one runs before registrations_settle_seats_update: a payment is told before the seat it brings.
  FOR r IN
    SELECT n.id, n.nome_completo, n.referencia, n.onibus_id, n.situacao, n.status_pagamento, n.prazo_pagamento,
           n.autorizacao_recebida_em, o.situacao AS antes_situacao, o.status_pagamento AS antes_pagamento,
           o.onibus_id AS antes_onibus, o.autorizacao_recebida_em AS antes_autorizacao, b.nome AS onibus
    -- The rows with a phone first, kept apart (OFFSET 0): a plan kept from a one-row statement then reads the old
    -- rows once per row with a phone, not once per row of a batch of 1,000 (decision 053).
    FROM (SELECT * FROM new_rows x WHERE EXISTS (SELECT 1 FROM aviso_inscricoes a WHERE a.inscricao_id = x.id)
          OFFSET 0) n
    JOIN old_rows o USING (id)
    LEFT JOIN onibus b ON b.id = n.onibus_id
    WHERE (o.status_pagamento IS DISTINCT FROM n.status_pagamento OR o.situacao IS DISTINCT FROM n.situacao
           OR o.onibus_id IS DISTINCT FROM n.onibus_id
           OR o.autorizacao_recebida_em IS DISTINCT FROM n.autorizacao_recebida_em)
    -- People promoted together are told in their order in the line.
    ORDER BY o.ordem_espera NULLS LAST, n.id
  LOOP
    quem := caravana_quem(r.nome_completo, r.referencia);

    IF r.status_pagamento = 'confirmado' AND r.antes_pagamento <> 'confirmado' THEN
      PERFORM caravana_avisar(r.id, 'pagamento', 'Pagamento confirmado',
        quem || ': a coordenação confirmou o pagamento. ' || CASE r.situacao
          WHEN 'vaga' THEN 'Vaga garantida' || coalesce(' no ' || r.onibus, '') || '.'
          WHEN 'espera' THEN 'Você continua na lista de espera, à frente de quem ainda não pagou.'
          ELSE 'Obrigado!' END);
    END IF;

    IF r.situacao = 'vaga' AND r.antes_situacao <> 'vaga' THEN
      -- A seat given with a deadline is the one notice that cannot wait: urgent.
      PERFORM caravana_avisar(r.id, 'vaga', 'Você ganhou uma vaga' || coalesce(' no ' || r.onibus, ' na caravana'),
        quem || CASE WHEN r.status_pagamento = 'pendente' AND r.prazo_pagamento IS NOT NULL
          THEN ': pague até ' || caravana_quando(r.prazo_pagamento) || ', ou a vaga passa para a próxima pessoa.'
          ELSE ': a vaga é sua.' END,
        CASE WHEN r.status_pagamento = 'pendente' THEN 'high' ELSE 'normal' END);
    ELSIF r.situacao = 'vaga' AND r.onibus_id IS DISTINCT FROM r.antes_onibus AND r.onibus IS NOT NULL THEN
      PERFORM caravana_avisar(r.id, 'onibus',
        CASE WHEN r.antes_onibus IS NULL THEN 'Ônibus definido' ELSE 'Mudança de ônibus' END,
        quem || ': você vai no ' || r.onibus || '.');
    END IF;

    IF r.situacao = 'vencida' AND r.antes_situacao = 'vaga' THEN
      PERFORM caravana_avisar(r.id, 'vaga_liberada', 'Sua vaga foi liberada',
        quem || ': o pagamento não foi confirmado até ' || coalesce(caravana_quando(r.prazo_pagamento), 'o prazo')
          || ', e a vaga passou para a próxima pessoa da lista de espera. Não pague agora: fale com a coordenação.');
    END IF;

    IF r.autorizacao_recebida_em IS NOT NULL AND r.antes_autorizacao IS NULL THEN
      PERFORM caravana_avisar(r.id, 'autorizacao', 'Autorização recebida',
        quem || ': a coordenação recebeu a autorização de viagem assinada.');
    END IF;
  END LOOP;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_avisos_inscricao() IS 'What a family hears on its phone when its registration changes: a payment confirmed, a seat given, a bus, a seat released, the authorisation received.';
