-- "Possível duplicata" is kept as rows are written, never computed pair by
-- pair while the panel lists (decision 032). The ids that are possible
-- duplicates live in a table of their own, so keeping them writes no
-- registration row (and wakes none of its triggers).
CREATE TABLE registration_duplicates (id uuid PRIMARY KEY);

-- The rule of migration 021, each name's words split once. plpgsql, so it is
-- not inlined: the triggers' queries are planned at each statement (they read
-- transition tables), and planning stays cheap.
CREATE OR REPLACE FUNCTION caravana_nomes_parecidos(a text, b text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  wa text[];
  wb text[];
BEGIN
  IF replace(a, ' ', '') = replace(b, ' ', '') THEN RETURN true; END IF;
  wa := caravana_nome_palavras(a);
  wb := caravana_nome_palavras(b);
  RETURN cardinality(wa) > 0 AND cardinality(wb) > 0 AND (wa <@ wb OR wb <@ wa);
END
$$;

-- Whether another active registration on the row's phone has a similar name.
CREATE FUNCTION caravana_tem_parecido(r_id uuid, r_numero text, r_situacao text, r_nome_busca text) RETURNS boolean
LANGUAGE sql STABLE
RETURN r_situacao <> 'desistente' AND EXISTS (
  SELECT 1 FROM registrations o
  WHERE o.numero_responsavel = r_numero AND o.id <> r_id AND o.situacao <> 'desistente'
    AND caravana_nomes_parecidos(r_nome_busca, o.nome_busca));

-- How many active registrations the public form takes on one phone (siblings,
-- not hundreds): a setting the coordination edits (the server writes its row).
-- Only the form's INSERT is held to it: it says so in caravana.origem, for its
-- own transaction. psql, a restore and the coordination's tools are not.
ALTER TABLE event_settings DROP CONSTRAINT event_settings_chave_check;
ALTER TABLE event_settings ADD CONSTRAINT event_settings_chave_check CHECK (chave IN ('titulo', 'data', 'horario',
  'local', 'cidade', 'preco_centavos', 'pix_chave', 'pix_recebedor', 'pix_cidade', 'whatsapp', 'mensagens',
  'aviso_membros', 'fuso_horario', 'inscricoes_por_numero'));
CREATE FUNCTION caravana_inscricoes_por_numero() RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT (valor #>> '{}')::integer FROM event_settings WHERE chave = 'inscricoes_por_numero'), 10)
$$;

-- New rows, in one query when every phone is new (the usual case). The limit
-- holds when registrations arrive at once, on one instance or many: the phones
-- are locked one by one, in order, and counted after the lock, so an insert
-- that committed meanwhile is counted too. Only a phone that now holds more
-- than one row, and at most 1,000 (siblings, not a bulk load), is looked at
-- for possible duplicates, and a new row can only add marks.
CREATE FUNCTION caravana_registrations_per_phone() RETURNS trigger
LANGUAGE plpgsql AS $$
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
$$;
CREATE TRIGGER registrations_per_phone AFTER INSERT ON registrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_registrations_per_phone();

-- A row changed or removed may take marks away: it and the rows it resembled
-- before are looked at again. Other changes (payments, seats, receipts) pass
-- through at once.
CREATE FUNCTION caravana_keep_duplicate_marks() RETURNS trigger
LANGUAGE plpgsql AS $$
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
$$;
CREATE TRIGGER registrations_duplicates_update AFTER UPDATE ON registrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_keep_duplicate_marks();
CREATE TRIGGER registrations_duplicates_delete AFTER DELETE ON registrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_keep_duplicate_marks();
CREATE TRIGGER registrations_duplicates_truncate AFTER TRUNCATE ON registrations
  FOR EACH STATEMENT EXECUTE FUNCTION caravana_keep_duplicate_marks();

-- The rows already there, marked once.
INSERT INTO registration_duplicates (id)
SELECT r.id FROM registrations r
WHERE caravana_tem_parecido(r.id, r.numero_responsavel, r.situacao, r.nome_busca);
