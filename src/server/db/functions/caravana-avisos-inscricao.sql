CREATE OR REPLACE FUNCTION public.caravana_avisos_inscricao()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  quem text;
  onibus text;
BEGIN
  -- Most registrations have no phone with notices on: one index lookup and out.
  IF NOT EXISTS (SELECT 1 FROM aviso_inscricoes WHERE inscricao_id = NEW.id) THEN
    RETURN NULL;
  END IF;
  quem := caravana_quem(NEW.nome_completo, NEW.referencia);
  SELECT o.nome INTO onibus FROM onibus o WHERE o.id = NEW.onibus_id;

  IF NEW.status_pagamento = 'confirmado' AND OLD.status_pagamento <> 'confirmado' THEN
    PERFORM caravana_avisar(NEW.id, 'pagamento', 'Pagamento confirmado',
      quem || ': a coordenação confirmou o pagamento. ' || CASE NEW.situacao
        WHEN 'vaga' THEN 'Vaga garantida' || coalesce(' no ' || onibus, '') || '.'
        WHEN 'espera' THEN 'Você continua na lista de espera, à frente de quem ainda não pagou.'
        ELSE 'Obrigado!' END);
  END IF;

  IF NEW.situacao = 'vaga' AND OLD.situacao <> 'vaga' THEN
    -- A seat given with a deadline is the one notice that cannot wait: urgent.
    PERFORM caravana_avisar(NEW.id, 'vaga', 'Você ganhou uma vaga' || coalesce(' no ' || onibus, ' na caravana'),
      quem || CASE WHEN NEW.status_pagamento = 'pendente' AND NEW.prazo_pagamento IS NOT NULL
        THEN ': pague até ' || caravana_quando(NEW.prazo_pagamento) || ', ou a vaga passa para a próxima pessoa.'
        ELSE ': a vaga é sua.' END,
      CASE WHEN NEW.status_pagamento = 'pendente' THEN 'high' ELSE 'normal' END);
  ELSIF NEW.situacao = 'vaga' AND NEW.onibus_id IS DISTINCT FROM OLD.onibus_id AND onibus IS NOT NULL THEN
    PERFORM caravana_avisar(NEW.id, 'onibus',
      CASE WHEN OLD.onibus_id IS NULL THEN 'Ônibus definido' ELSE 'Mudança de ônibus' END,
      quem || ': você vai no ' || onibus || '.');
  END IF;

  IF NEW.situacao = 'vencida' AND OLD.situacao = 'vaga' THEN
    PERFORM caravana_avisar(NEW.id, 'vaga_liberada', 'Sua vaga foi liberada',
      quem || ': o pagamento não foi confirmado até ' || coalesce(caravana_quando(NEW.prazo_pagamento), 'o prazo')
        || ', e a vaga passou para a próxima pessoa da lista de espera. Não pague agora: fale com a coordenação.');
  END IF;

  IF NEW.autorizacao_recebida_em IS NOT NULL AND OLD.autorizacao_recebida_em IS NULL THEN
    PERFORM caravana_avisar(NEW.id, 'autorizacao', 'Autorização recebida',
      quem || ': a coordenação recebeu a autorização de viagem assinada.');
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_avisos_inscricao() IS 'What a family hears on its phone when its registration changes: a payment confirmed, a seat given, a bus, a seat released, the authorisation received.';
