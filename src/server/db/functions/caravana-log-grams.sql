CREATE OR REPLACE FUNCTION public.caravana_log_grams()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- TRUNCATE, not DELETE: it waits for a fold under way to commit, so none
    -- of that fold's counters survive.
    TRUNCATE registration_gram_counts, registration_gram_log;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO registration_gram_log
    SELECT nome_busca, status_pagamento, comprovante_path IS NOT NULL, 1 FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO registration_gram_log
    SELECT nome_busca, status_pagamento, comprovante_path IS NOT NULL, -1 FROM old_rows;
  ELSE
    -- Most updates (a new upload token, a phone fixed) change none of the three.
    INSERT INTO registration_gram_log
    SELECT x.* FROM new_rows n JOIN old_rows o USING (id),
      LATERAL (VALUES (n.nome_busca, n.status_pagamento, n.comprovante_path IS NOT NULL, 1::smallint),
                      (o.nome_busca, o.status_pagamento, o.comprovante_path IS NOT NULL, -1::smallint)) AS x
    WHERE (n.nome_busca, n.status_pagamento, n.comprovante_path IS NULL)
          IS DISTINCT FROM (o.nome_busca, o.status_pagamento, o.comprovante_path IS NULL);
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_log_grams() IS 'Appends each name''s one- and two-letter substrings to registration_gram_log.';
