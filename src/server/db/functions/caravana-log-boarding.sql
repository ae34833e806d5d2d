CREATE OR REPLACE FUNCTION public.caravana_log_boarding()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT caravana_logging() THEN RETURN NULL; END IF;
  INSERT INTO activity_log (ator_id, ator_nome, tipo, inscricao_id, resumo, depois)
  SELECT caravana_actor_id(), caravana_actor_name('sistema'), 'embarque.marcado', n.inscricao_id,
         r.nome_completo || CASE WHEN n.embarcou THEN ' embarcou' ELSE ' não embarcou (desfeito)' END ||
         CASE WHEN n.viagem = 'ida' THEN ' (ida)' ELSE ' (volta)' END,
         jsonb_build_object('viagem', n.viagem, 'embarcou', n.embarcou, 'marcado_em', n.marcado_em)
  FROM new_rows n JOIN registrations r ON r.id = n.inscricao_id;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_log_boarding() IS 'Writes boarding marks to the activity log.';
