CREATE OR REPLACE FUNCTION public.caravana_count_registrations()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE registration_counts SET n = 0;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    FOR d IN
      SELECT status_pagamento AS s, metodo_pagamento AS m, situacao AS p, count(*) AS delta
      FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    LOOP
      UPDATE registration_counts SET n = n + d.delta
      WHERE status_pagamento = d.s AND metodo_pagamento = d.m AND situacao = d.p;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR d IN
      SELECT status_pagamento AS s, metodo_pagamento AS m, situacao AS p, count(*) AS delta
      FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    LOOP
      UPDATE registration_counts SET n = n - d.delta
      WHERE status_pagamento = d.s AND metodo_pagamento = d.m AND situacao = d.p;
    END LOOP;
  ELSE
    FOR d IN
      SELECT s, m, p, sum(delta) AS delta FROM (
        SELECT status_pagamento AS s, metodo_pagamento AS m, situacao AS p, 1 AS delta FROM new_rows
        UNION ALL
        SELECT status_pagamento, metodo_pagamento, situacao, -1 FROM old_rows
      ) x GROUP BY s, m, p HAVING sum(delta) <> 0 ORDER BY s, m, p
    LOOP
      UPDATE registration_counts SET n = n + d.delta
      WHERE status_pagamento = d.s AND metodo_pagamento = d.m AND situacao = d.p;
    END LOOP;
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_count_registrations() IS 'Updates registration_counts (status, method, place) from a statement''s changed rows.';
