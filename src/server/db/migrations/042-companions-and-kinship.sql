-- What a second caravan year found (issue 53).

-- "Acompanhante": an adult the coordination adds from the panel (a chaperone, a driver's helper, the
-- coordination itself), with a seat, any adult age, a price or "Isento". The public form keeps 4 to 65.
ALTER TABLE registrations ADD COLUMN acompanhante boolean NOT NULL DEFAULT false;
COMMENT ON COLUMN registrations.acompanhante IS 'Added by the coordination as an adult who travels with the youth ("Acompanhante"); any adult age.';
ALTER TABLE registrations DROP CONSTRAINT registrations_idade_check;
ALTER TABLE registrations ADD CONSTRAINT registrations_idade_check
  CHECK (idade BETWEEN 4 AND 65 OR (acompanhante AND idade BETWEEN 18 AND 120));

-- The travel authorisation says which relative signs: "Avó" or "Avô", "Tia" or "Tio". The older
-- "avo" and "tio" (either) stay valid for the registrations that chose them.
ALTER TABLE registrations DROP CONSTRAINT registrations_parentesco_check;
ALTER TABLE registrations ADD CONSTRAINT registrations_parentesco_check
  CHECK (parentesco IN ('mae', 'pai', 'avo_f', 'avo_m', 'tia', 'tio_m', 'avo', 'tio', 'irmao', 'tutor', 'outro'));

-- A statement line suggested by a code that only looks like someone's, or by the guardian's name (who
-- usually pays): each suggestion says its own reason.
ALTER TABLE extrato_linhas DROP CONSTRAINT extrato_linhas_como_check;
ALTER TABLE extrato_linhas ADD CONSTRAINT extrato_linhas_como_check
  CHECK (como IN ('codigo', 'codigos', 'nome', 'vinculo', 'repetida', 'parecido', 'responsavel'));

-- The payer as the bank wrote it ("CLAUDIA NUNES SOUSA BCO"), kept when a paid line's description is cleared:
-- the panel shows it, never the folded key that finds repeats (pagador).
ALTER TABLE extrato_linhas ADD COLUMN pagador_escrito text CHECK (length(pagador_escrito) <= 200);
COMMENT ON COLUMN extrato_linhas.pagador_escrito IS 'The payer as the bank wrote it, for the panel; cleared by the purge.';
