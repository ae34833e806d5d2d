CREATE OR REPLACE FUNCTION public.caravana_registrations_per_phone()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  from_form boolean := coalesce(current_setting('caravana.origem', true), '') = 'formulario';
  most bigint;
  busiest text;
BEGIN
  IF from_form THEN
    PERFORM pg_advisory_xact_lock(7272025, hashtext(p.numero))
    FROM (SELECT DISTINCT numero_responsavel AS numero FROM new_rows ORDER BY 1) AS p;
  END IF;
  SELECT c.n, p.numero INTO most, busiest
  FROM (SELECT DISTINCT numero_responsavel AS numero FROM new_rows) AS p
  CROSS JOIN LATERAL (
    SELECT count(*) AS n FROM registrations r WHERE r.numero_responsavel = p.numero AND r.situacao <> 'desistente'
  ) AS c
  ORDER BY c.n DESC LIMIT 1;
  IF from_form AND most > caravana_inscricoes_por_numero() THEN
    RAISE EXCEPTION 'inscricoes_por_numero: o número % passou do limite', busiest
      USING ERRCODE = 'check_violation', CONSTRAINT = 'inscricoes_por_numero';
  END IF;
  IF most > 1 THEN
    INSERT INTO registration_duplicates (id)
    SELECT x.id FROM new_rows n
    JOIN (SELECT p.numero FROM (SELECT DISTINCT numero_responsavel AS numero FROM new_rows) AS p
          WHERE (SELECT count(*) FROM registrations r
                 WHERE r.numero_responsavel = p.numero AND r.situacao <> 'desistente') BETWEEN 2 AND 1000
         ) AS shared ON shared.numero = n.numero_responsavel
    CROSS JOIN LATERAL (
      SELECT o.id FROM registrations o
      WHERE o.numero_responsavel = n.numero_responsavel AND o.id <> n.id AND o.situacao <> 'desistente'
        AND caravana_nomes_parecidos(n.nome_busca, o.nome_busca)
    ) AS o
    CROSS JOIN LATERAL (VALUES (n.id), (o.id)) AS x(id)
    WHERE n.situacao <> 'desistente'
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_registrations_per_phone() IS 'Holds the per-phone limit for the form''s inserts (caravana.origem) and marks possible duplicates of new rows.';
