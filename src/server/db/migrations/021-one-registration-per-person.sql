-- One registration per person (decision 030). The same person is the same
-- name, folded (accents, case) with every space removed, and the same phone.
-- Siblings on one guardian's phone have different names and register as usual.
-- Bodies in the standard form are bound when created: an index build runs
-- with a search_path of pg_catalog alone, where a quoted body could not find
-- caravana_fold.
CREATE FUNCTION caravana_nome_chave(nome text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN regexp_replace(caravana_fold(nome), '\s+', '', 'g');

-- Rows that were already repeated before this rule (or come back so from an
-- older backup) stay, marked, for the coordination to settle: nothing is lost.
ALTER TABLE registrations ADD COLUMN duplicata_antiga boolean NOT NULL DEFAULT false;
-- The panel's possible duplicates (below) and this check look people up by phone.
CREATE INDEX registrations_numero_idx ON registrations (numero_responsavel);

UPDATE registrations r SET duplicata_antiga = true
WHERE r.situacao <> 'desistente'
  AND EXISTS (
    SELECT 1 FROM registrations o
    WHERE o.numero_responsavel = r.numero_responsavel
      AND caravana_nome_chave(o.nome_completo) = caravana_nome_chave(r.nome_completo)
      AND o.situacao <> 'desistente'
      AND (o.created_at, o.id) < (r.created_at, r.id));

-- A person who gave up their place may sign up again.
CREATE UNIQUE INDEX registrations_pessoa_idx
  ON registrations (numero_responsavel, caravana_nome_chave(nome_completo))
  WHERE situacao <> 'desistente' AND NOT duplicata_antiga;

-- A backup made before this rule may hold repeated rows: they come back marked.
CREATE FUNCTION caravana_restore_duplicate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.situacao <> 'desistente' AND EXISTS (
    SELECT 1 FROM registrations o
    WHERE o.numero_responsavel = NEW.numero_responsavel
      AND caravana_nome_chave(o.nome_completo) = caravana_nome_chave(NEW.nome_completo)
      AND o.situacao <> 'desistente' AND NOT o.duplicata_antiga) THEN
    NEW.duplicata_antiga := true;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER registrations_restore_duplicate BEFORE INSERT ON registrations
  FOR EACH ROW WHEN (current_setting('caravana.restoring', true) = 'on')
  EXECUTE FUNCTION caravana_restore_duplicate();

-- Possible duplicates for the panel: the same phone and a similar name, that
-- is, one name's words all within the other's, leaving out initials and
-- "de/da/do" ("Maria Silva" and "Maria da Silva Santos", "João Pedro Lima"
-- and "Joao P. Lima"). Siblings ("Ana Souza" and "Pedro Souza") are not.
CREATE FUNCTION caravana_nome_palavras(nome_busca text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
BEGIN ATOMIC
  SELECT coalesce(array_agg(w), '{}') FROM regexp_split_to_table(nome_busca, '[^a-z0-9]+') AS w
  WHERE length(w) > 1 AND w NOT IN ('de', 'da', 'do', 'das', 'dos');
END;

CREATE FUNCTION caravana_nomes_parecidos(a text, b text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN replace(a, ' ', '') = replace(b, ' ', '')
  OR (cardinality(caravana_nome_palavras(a)) > 0 AND cardinality(caravana_nome_palavras(b)) > 0
      AND (caravana_nome_palavras(a) <@ caravana_nome_palavras(b)
           OR caravana_nome_palavras(b) <@ caravana_nome_palavras(a)));
