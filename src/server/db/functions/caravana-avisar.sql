CREATE OR REPLACE FUNCTION public.caravana_avisar(inscricao uuid, tipo text, titulo text, corpo text, urgencia text DEFAULT 'normal')
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  queued integer;
BEGIN
  -- One outbox row for each phone that proved this registration, in the caller's transaction: a change that
  -- rolls back queues nothing.
  INSERT INTO aviso_fila (assinatura_id, inscricao_id, tipo, titulo, corpo, urgencia, ttl_segundos, criado_em, tentar_em)
  SELECT a.assinatura_id, inscricao, tipo, left(titulo, 200), left(corpo, 2000), urgencia,
         caravana_aviso_ttl(tipo),
         caravana_agora(), caravana_agora()
  FROM aviso_inscricoes a WHERE a.inscricao_id = inscricao;
  GET DIAGNOSTICS queued = ROW_COUNT;
  RETURN queued;
END
$function$;

COMMENT ON FUNCTION caravana_avisar(inscricao uuid, tipo text, titulo text, corpo text, urgencia text) IS 'Queues one notice about a registration for every phone that proved it (aviso_fila).';
