-- LGPD. Minors (under 18) register with a guardian's consent: which version of
-- the consent text was accepted, and when. After the event, `npm run purge`
-- keeps the counts but reduces names to initials and deletes phones and receipts.
ALTER TABLE registrations
  ADD COLUMN consentimento_versao text CHECK (consentimento_versao ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  ADD COLUMN consentimento_em timestamptz,
  ADD COLUMN anonimizado_em timestamptz,
  ALTER COLUMN numero_responsavel DROP NOT NULL,
  -- A phone may be missing only once the row was anonymised.
  ADD CONSTRAINT registrations_phone_until_purge CHECK (numero_responsavel IS NOT NULL OR anonimizado_em IS NOT NULL),
  ADD CONSTRAINT registrations_consent_pair CHECK ((consentimento_versao IS NULL) = (consentimento_em IS NULL));
