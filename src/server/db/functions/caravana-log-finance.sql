CREATE OR REPLACE FUNCTION public.caravana_log_finance()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT caravana_logging() THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'entregas_dinheiro' THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, depois)
    SELECT caravana_actor_id(), caravana_actor_name('sistema'),
      CASE WHEN TG_OP = 'INSERT' THEN 'financeiro.entrega' ELSE 'financeiro.entrega_confirmada' END,
      -- The receiver registering cash taken from someone says so: the giver did not register it.
      CASE WHEN TG_OP = 'INSERT' AND NEW.registrada_por = NEW.para
        THEN r.nome || ' registrou que recebeu ' || caravana_reais(NEW.valor_centavos) || ' em espécie de ' || g.nome
        ELSE g.nome || CASE WHEN TG_OP = 'INSERT' THEN ' entregou ' ELSE ' entregou (confirmado) ' END ||
          caravana_reais(NEW.valor_centavos) || ' em espécie para ' || r.nome END,
      jsonb_build_object('valor', NEW.valor_centavos, 'de', g.nome, 'para', r.nome, 'registrada_por', NEW.registrada_por)
    FROM admin_users g, admin_users r WHERE g.id = NEW.de AND r.id = NEW.para;
  ELSIF TG_TABLE_NAME = 'reembolsos' THEN
    IF NEW.estado <> 'pendente' AND OLD.estado = 'pendente' THEN
      INSERT INTO activity_log (ator_id, ator_nome, tipo, inscricao_id, resumo, depois)
      VALUES (caravana_actor_id(), caravana_actor_name('sistema'), 'financeiro.reembolso', NEW.inscricao_id,
        CASE WHEN NEW.estado = 'reembolsado'
          THEN 'Reembolso a ' || coalesce(NEW.nome, 'inscrição excluída') || ': ' || caravana_reais(NEW.devolvido_centavos) ||
               CASE WHEN NEW.metodo = 'ESPECIE' THEN ' em espécie' ELSE ' por PIX' END
          ELSE coalesce(NEW.nome, 'Inscrição excluída') || ': sem reembolso (' || NEW.motivo || ')' END,
        jsonb_strip_nulls(jsonb_build_object('valor', NEW.devolvido_centavos, 'metodo', NEW.metodo, 'data', NEW.data,
          'motivo', NEW.motivo)));
    END IF;
  ELSIF TG_TABLE_NAME = 'despesas' THEN
    INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, antes, depois)
    SELECT caravana_actor_id(), caravana_actor_name('sistema'), 'financeiro.despesa',
      CASE WHEN TG_OP = 'INSERT' THEN 'Despesa: ' ELSE 'Despesa removida: ' END || d.descricao || ', ' ||
        caravana_reais(d.valor_centavos),
      CASE WHEN TG_OP = 'DELETE' THEN jsonb_build_object('descricao', d.descricao, 'valor', d.valor_centavos) END,
      CASE WHEN TG_OP = 'INSERT' THEN jsonb_build_object('descricao', d.descricao, 'valor', d.valor_centavos,
        'categoria', d.categoria, 'data', d.data) END
    FROM (SELECT (CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END).*) d;
  ELSIF TG_TABLE_NAME = 'extrato_importacoes' THEN
    IF OLD.lidas IS NULL AND NEW.lidas IS NOT NULL THEN
      INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, depois)
      VALUES (NEW.por, NEW.por_nome, 'financeiro.extrato',
        'Extrato importado (' || NEW.arquivo || '): ' || NEW.lidas || ' linhas, ' || NEW.novas || ' novas, ' ||
          NEW.pagas || ' pagas',
        jsonb_build_object('lidas', NEW.lidas, 'novas', NEW.novas, 'pagas', NEW.pagas, 'sugeridas', NEW.sugeridas,
          'sem_correspondencia', NEW.sem_correspondencia, 'repetidas', NEW.repetidas, 'ja_pagas', NEW.ja_pagas));
    END IF;
  ELSIF TG_TABLE_NAME = 'extrato_linhas' THEN
    IF NEW.estado = 'ignorada' AND OLD.estado <> 'ignorada' THEN
      INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, depois)
      VALUES (caravana_actor_id(), caravana_actor_name('sistema'), 'financeiro.extrato_ignorada',
        'Linha do extrato ignorada: ' || to_char(NEW.data, 'DD/MM/YYYY') || ', ' || caravana_reais(NEW.valor_centavos) ||
          coalesce(', ' || NEW.pagador, ''),
        jsonb_build_object('data', NEW.data, 'valor', NEW.valor_centavos));
    END IF;
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_log_finance() IS 'Writes handovers, refund decisions, expenses, statement imports and ignored lines to the activity log.';
