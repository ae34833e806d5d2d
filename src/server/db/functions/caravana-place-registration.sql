CREATE OR REPLACE FUNCTION public.caravana_place_registration()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.situacao = 'vaga' AND NEW.onibus_id IS NULL
     AND (TG_OP = 'INSERT' OR OLD.situacao <> 'vaga' OR OLD.onibus_id IS NOT NULL)
     AND EXISTS (SELECT 1 FROM onibus) THEN
    NEW.onibus_id := caravana_take_seat();
    IF NEW.onibus_id IS NULL THEN
      IF TG_OP = 'UPDATE' THEN
        RAISE EXCEPTION 'nenhum lugar livre nos ônibus' USING ERRCODE = 'check_violation',
          CONSTRAINT = 'onibus_sem_excesso';
      END IF;
      NEW.situacao := 'espera';
    END IF;
  END IF;
  IF NEW.situacao <> 'vaga' THEN
    NEW.onibus_id := NULL;
  END IF;
  IF NEW.situacao <> 'espera' THEN
    NEW.ordem_espera := NULL;
  ELSIF NEW.ordem_espera IS NULL THEN
    -- Joining the list, now or again: at its end, unless the statement says where ("Devolver vaga": first).
    NEW.ordem_espera := nextval('registrations_espera_seq');
  END IF;
  RETURN NEW;
END
$function$;

COMMENT ON FUNCTION caravana_place_registration() IS 'Places a new registration: a free seat, or the end of the waiting list.';
