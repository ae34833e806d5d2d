-- From here on each function and trigger lives in one file of its own, holding its current body
-- (src/server/db/functions/, src/server/db/triggers/; decision 046). A start applies them after the
-- migrations; this table remembers which version of each file the database holds.
CREATE TABLE schema_definitions (
  arquivo text PRIMARY KEY,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  aplicado_em timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE schema_definitions IS 'The function and trigger files applied, by path and SHA-256 (src/server/db/definitions.ts).';
