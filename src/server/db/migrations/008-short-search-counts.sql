-- A search of one or two letters ("a", "lu") cannot use the trigram index
-- (migration 005 needs three), so its exact count read every name: about
-- 20 ms at 50 000 registrations on PGlite (bench/admin.ts), and the search
-- box sends exactly these terms while the coordinator types. Such a term
-- matches a name when it is one of the name's substrings of one or two
-- characters (spaces aside: the server trims the term), so those rows can be
-- counted ahead, like the totals of migration 006: one counter per
-- (substring, payment status, has a receipt).
--
-- Updating some 30 counters on every registration made an insert about 40 %
-- slower on PGlite. So a change only appends one line to a log (no index;
-- about 1 % of an insert), and the server folds the log into the counters in
-- batches (short-search-counts.ts), splitting the names in JavaScript, which
-- is far faster at it than SQL in PGlite. A count reads the counters plus the
-- lines not folded yet, in one snapshot, so it is exact at any moment.

CREATE TABLE registration_gram_counts (
  gram text NOT NULL,
  status_pagamento text NOT NULL,
  com_comprovante boolean NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (gram, status_pagamento, com_comprovante)
);

-- +1 for a row that now counts, -1 for one that no longer does.
CREATE TABLE registration_gram_log (
  nome_busca text NOT NULL,
  status_pagamento text NOT NULL,
  com_comprovante boolean NOT NULL,
  delta smallint NOT NULL
);
-- Registrations made before this migration are counted by the first folds.
INSERT INTO registration_gram_log (nome_busca, status_pagamento, com_comprovante, delta)
SELECT nome_busca, status_pagamento, comprovante_path IS NOT NULL, 1 FROM registrations;

CREATE FUNCTION caravana_log_grams() RETURNS trigger
LANGUAGE plpgsql AS $$
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
$$;

CREATE TRIGGER registrations_gram_log_insert AFTER INSERT ON registrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_log_grams();
CREATE TRIGGER registrations_gram_log_update AFTER UPDATE ON registrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_log_grams();
CREATE TRIGGER registrations_gram_log_delete AFTER DELETE ON registrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_log_grams();
CREATE TRIGGER registrations_gram_log_truncate AFTER TRUNCATE ON registrations
  FOR EACH STATEMENT EXECUTE FUNCTION caravana_log_grams();
