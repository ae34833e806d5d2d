-- Search matches any part of a name ("silva" in "Ana Silva Costa"), which a
-- b-tree cannot serve: without this index every search and its count read the
-- whole table (about 20 ms per query at 50 000 rows on PGlite; bench/admin.ts).
-- pg_trgm ships with PGlite (loaded in db/pglite/worker.ts) and with
-- PostgreSQL's contrib package. Where it cannot be created, search still
-- works, only unindexed. fastupdate off: no pending list for one unlucky
-- insert to flush in the middle of a registration surge.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX registrations_nome_busca_trgm_idx ON registrations
    USING gin (nome_busca gin_trgm_ops) WITH (fastupdate = off);
EXCEPTION WHEN OTHERS THEN
  RAISE WARNING 'pg_trgm indisponível (%): a busca por nome funciona, sem índice', SQLERRM;
END
$$;
