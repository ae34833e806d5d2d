CREATE OR REPLACE FUNCTION public.caravana_avisos_sem_inscricao()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- A subscription lives only while it proves a registration: "Gerar novo link", a deletion or a family's
  -- "Tirar deste celular" leaves none behind that could still be written to.
  DELETE FROM aviso_assinaturas s
  WHERE s.id IN (SELECT DISTINCT assinatura_id FROM gone)
    AND NOT EXISTS (SELECT 1 FROM aviso_inscricoes i WHERE i.assinatura_id = s.id);
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_avisos_sem_inscricao() IS 'Deletes the subscriptions left proving no registration.';
