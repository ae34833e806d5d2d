-- One family's registrations (decision 041): the phone that registered a child sends that child's secret
-- with the next registration, and the new one joins its family. A code opens its own registration and its
-- family's on the same number, never a stranger's registration on that number. Null: a family of one.
ALTER TABLE registrations ADD COLUMN familia_id uuid;
CREATE INDEX registrations_familia_idx ON registrations (familia_id) WHERE familia_id IS NOT NULL;
COMMENT ON COLUMN registrations.familia_id IS 'The family this registration joined when the phone that registered it proved it held an earlier one (its id, or that one''s family).';
