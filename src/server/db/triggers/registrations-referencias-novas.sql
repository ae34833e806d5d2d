CREATE OR REPLACE TRIGGER registrations_referencias_novas AFTER INSERT ON public.registrations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((COALESCE(current_setting('caravana.restoring'::text, true), ''::text) <> 'on'::text)) EXECUTE FUNCTION caravana_referencias_novas();

COMMENT ON TRIGGER registrations_referencias_novas ON registrations IS 'A statement inserting a reference an earlier edition used is refused as a unique violation (not while restoring); the form''s INSERT leaves such rows out and draws again.';
