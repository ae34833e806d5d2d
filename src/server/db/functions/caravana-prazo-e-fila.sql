CREATE OR REPLACE FUNCTION public.caravana_prazo_e_fila()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Money from someone without a seat is kept: a Vencida who pays goes back in line, and whoever pays while
  -- waiting goes ahead of the unpaid people waiting, in the order they paid ("Pago, aguardando vaga").
  -- The statement's own trigger then seats them if a seat is free (registrations_settle_seats_update).
  IF NEW.status_pagamento = 'confirmado' AND NEW.situacao IN ('vencida', 'espera')
     AND (TG_OP = 'INSERT' OR OLD.status_pagamento <> 'confirmado' OR OLD.situacao <> NEW.situacao) THEN
    NEW.situacao := 'espera';
    NEW.onibus_id := NULL;
    NEW.ordem_espera := nextval('registrations_espera_seq') - 1000000000000;
  ELSIF TG_OP = 'UPDATE' AND NEW.situacao = 'espera' AND OLD.situacao = 'espera'
        AND NEW.status_pagamento = 'pendente' AND OLD.status_pagamento = 'confirmado' THEN
    -- A payment undone while waiting: back to the end of the line.
    NEW.ordem_espera := nextval('registrations_espera_seq');
  END IF;

  -- A seat given to someone who owes takes its own deadline; one kept while the seat is kept; none without a
  -- seat or a debt. A Vencida keeps the deadline that passed.
  IF NEW.situacao = 'vaga' AND NEW.status_pagamento = 'pendente' THEN
    -- A statement that seats many people at once may give the deadline it worked out once for all of them
    -- (caravana_fill_seats): 5,000 promotions then read the settings once, not 5,000 times (decision 063).
    IF TG_OP = 'INSERT'
       OR ((OLD.situacao <> 'vaga' OR OLD.status_pagamento <> 'pendente')
           AND (NEW.prazo_pagamento IS NULL OR NEW.prazo_pagamento IS NOT DISTINCT FROM OLD.prazo_pagamento)) THEN
      NEW.prazo_pagamento := caravana_novo_prazo(TG_OP = 'UPDATE' AND OLD.situacao = 'espera');
    END IF;
  ELSIF NEW.situacao <> 'vencida' THEN
    NEW.prazo_pagamento := NULL;
  END IF;
  RETURN NEW;
END
$function$;

COMMENT ON FUNCTION caravana_prazo_e_fila() IS 'Gives a seat that owes its payment deadline (at sign-up, from the waiting list, back from Vencida), clears it when paid; puts a payment from someone without a seat ahead of the unpaid people waiting.';
