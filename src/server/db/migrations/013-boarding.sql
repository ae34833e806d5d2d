-- The roll call at the bus doors (docs/decisions/026). One row per person and
-- trip holds the latest mark: boarded or not, and when the phone made it.
-- Phones send marks again after a lost answer or from an offline queue, so a
-- mark only replaces the row when it was made later (ties broken by the mark's
-- own id): the same mark applied twice changes nothing, two phones marking one
-- person make one row, and a mark and an undo made on different phones end as
-- the later of the two, whatever order they arrive in.
CREATE TABLE embarques (
  inscricao_id uuid NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  viagem text NOT NULL CHECK (viagem IN ('ida', 'volta')),
  embarcou boolean NOT NULL,
  marcado_em timestamptz NOT NULL,
  marca_id uuid NOT NULL,
  recebido_em timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (inscricao_id, viagem)
);

-- Every phone at the doors hears a mark at once: the ids and the new state,
-- never a name or a phone number. 60 marks (about 90 bytes each) per payload.
CREATE FUNCTION caravana_notify_boarding() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  marks json;
BEGIN
  FOR marks IN
    SELECT json_agg(json_build_object('id', inscricao_id, 'viagem', viagem, 'embarcou', embarcou) ORDER BY n)
    FROM (SELECT *, row_number() OVER () - 1 AS n FROM changed_rows) c
    GROUP BY n / 60 ORDER BY n / 60
  LOOP
    PERFORM pg_notify('caravana_events', json_build_object('type', 'boarding', 'marks', marks)::text);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER embarques_notify_insert AFTER INSERT ON embarques
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_boarding();
CREATE TRIGGER embarques_notify_update AFTER UPDATE ON embarques
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION caravana_notify_boarding();
