-- A change of a registration writes an entry into each of its indexes. Two of them now hold only the rows they
-- are asked about (decision 074):
-- - a receipt's path is unique among the rows that have one; most registrations have none;
-- - the log is filtered by a team member, never by "Sistema": the entries the database writes itself (releases,
--   promotions) have no ator_id.
ALTER TABLE registrations DROP CONSTRAINT registrations_comprovante_path_key;
CREATE UNIQUE INDEX registrations_comprovante_path_key ON registrations (comprovante_path)
  WHERE comprovante_path IS NOT NULL;
DROP INDEX activity_log_ator_idx;
CREATE INDEX activity_log_ator_idx ON activity_log (ator_id, em DESC, id DESC) WHERE ator_id IS NOT NULL;
