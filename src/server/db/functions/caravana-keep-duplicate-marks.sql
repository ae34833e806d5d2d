CREATE OR REPLACE FUNCTION public.caravana_keep_duplicate_marks()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM registration_duplicates;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT x.id) INTO ids FROM old_rows o
    CROSS JOIN LATERAL (
      SELECT o.id
      UNION ALL
      SELECT r.id FROM registrations r
      WHERE r.numero_responsavel = o.numero_responsavel AND caravana_nomes_parecidos(o.nome_busca, r.nome_busca)
    ) AS x;
  ELSE
    SELECT array_agg(DISTINCT x.id) INTO ids FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (
      SELECT n.id
      UNION ALL
      SELECT r.id FROM registrations r
      WHERE r.numero_responsavel = o.numero_responsavel AND caravana_nomes_parecidos(o.nome_busca, r.nome_busca)
      UNION ALL
      SELECT r.id FROM registrations r
      WHERE r.numero_responsavel = n.numero_responsavel AND caravana_nomes_parecidos(n.nome_busca, r.nome_busca)
    ) AS x
    WHERE (n.nome_completo, n.numero_responsavel, n.situacao = 'desistente')
          IS DISTINCT FROM (o.nome_completo, o.numero_responsavel, o.situacao = 'desistente');
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  DELETE FROM registration_duplicates WHERE id = ANY (ids);
  INSERT INTO registration_duplicates (id)
  SELECT r.id FROM registrations r
  WHERE r.id = ANY (ids) AND caravana_tem_parecido(r.id, r.numero_responsavel, r.situacao, r.nome_busca);
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_keep_duplicate_marks() IS 'Takes ''possível duplicata'' marks away when names, phones or places change, or rows are removed.';
