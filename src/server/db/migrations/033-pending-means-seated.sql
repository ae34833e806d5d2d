-- "Pendentes" is seated and owing: the waiting list was told not to pay yet,
-- and someone who gave up owes nothing. The counters keep the place too, so the
-- statistics and the list's filter count it without reading every row.
ALTER TABLE registration_counts ADD COLUMN situacao text NOT NULL DEFAULT 'vaga';
ALTER TABLE registration_counts DROP CONSTRAINT registration_counts_pkey;
ALTER TABLE registration_counts ADD PRIMARY KEY (status_pagamento, metodo_pagamento, situacao);
DELETE FROM registration_counts;
INSERT INTO registration_counts (status_pagamento, metodo_pagamento, situacao, n)
SELECT s, m, p,
       (SELECT count(*) FROM registrations r WHERE r.status_pagamento = s AND r.metodo_pagamento = m AND r.situacao = p)
FROM unnest(ARRAY['pendente', 'confirmado']) AS s, unnest(ARRAY['PIX', 'ESPECIE']) AS m,
     unnest(ARRAY['vaga', 'espera', 'desistente']) AS p;
ALTER TABLE registration_counts ALTER COLUMN situacao DROP DEFAULT;
COMMENT ON TABLE registration_counts IS 'Totals of registrations by status, method and place, kept by triggers.';

CREATE OR REPLACE FUNCTION caravana_count_registrations() RETURNS trigger
LANGUAGE plpgsql AS $$
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
$$;
COMMENT ON FUNCTION caravana_count_registrations() IS 'Updates registration_counts (status, method, place) from a statement''s changed rows.';
