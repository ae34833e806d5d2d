-- Accent- and case-insensitive form of a name, for search. IMMUTABLE so a
-- generated column and an index can use it; written out because PGlite and a
-- C-locale PostgreSQL lower() only ASCII and unaccent is an optional extension.
CREATE FUNCTION caravana_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT translate(lower(value),
    'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ',
    'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny')
$$;

CREATE TABLE registrations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  nome_completo text NOT NULL CHECK (char_length(btrim(nome_completo)) BETWEEN 1 AND 120),
  nome_busca text GENERATED ALWAYS AS (caravana_fold(nome_completo)) STORED,
  idade integer NOT NULL CHECK (idade BETWEEN 4 AND 65),
  numero_responsavel text NOT NULL CHECK (numero_responsavel ~ '^[0-9]{10,11}$'),
  metodo_pagamento text NOT NULL CHECK (metodo_pagamento IN ('PIX', 'ESPECIE')),
  status_pagamento text NOT NULL DEFAULT 'pendente' CHECK (status_pagamento IN ('pendente', 'confirmado')),
  idempotency_key uuid UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registrations_created_at_idx ON registrations (created_at DESC, id DESC);

CREATE TABLE form_settings (
  id text PRIMARY KEY CHECK (id = 'form_status'),
  is_open boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO form_settings (id, is_open) VALUES ('form_status', true);

-- Server-side settings that are not personal data (e.g. the generated dev admin password hash).
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- Every change is announced on one channel, so any instance (or psql) that
-- writes reaches every instance's live streams. Secret columns never travel.
CREATE FUNCTION caravana_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'form_settings' THEN
    PERFORM pg_notify('caravana_events', json_build_object(
      'type', 'form-status', 'is_open', NEW.is_open, 'updated_at', NEW.updated_at)::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('caravana_events', json_build_object(
      'type', 'registration-deleted', 'id', OLD.id)::text);
  ELSE
    PERFORM pg_notify('caravana_events', json_build_object(
      'type', CASE TG_OP WHEN 'INSERT' THEN 'registration-inserted' ELSE 'registration-updated' END,
      'id', NEW.id)::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER registrations_notify AFTER INSERT OR UPDATE OR DELETE ON registrations
  FOR EACH ROW EXECUTE FUNCTION caravana_notify();
CREATE TRIGGER form_settings_notify AFTER UPDATE ON form_settings
  FOR EACH ROW EXECUTE FUNCTION caravana_notify();
