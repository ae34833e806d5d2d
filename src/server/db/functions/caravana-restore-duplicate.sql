CREATE OR REPLACE FUNCTION public.caravana_restore_duplicate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.situacao <> 'desistente' AND EXISTS (
    SELECT 1 FROM registrations o
    WHERE o.numero_responsavel = NEW.numero_responsavel
      AND caravana_nome_chave(o.nome_completo) = caravana_nome_chave(NEW.nome_completo)
      AND o.situacao <> 'desistente' AND NOT o.duplicata_antiga) THEN
    NEW.duplicata_antiga := true;
  END IF;
  RETURN NEW;
END
$function$;

COMMENT ON FUNCTION caravana_restore_duplicate() IS 'Keeps a restored row that repeats an active person, marked duplicata_antiga.';
