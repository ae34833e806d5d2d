-- Names are stored in Unicode NFC from now on (docs/decisions/027): the same
-- "José" typed on two keyboards is one string, and a search finds both. Rows
-- stored before are brought to the same form.
UPDATE registrations SET nome_completo = normalize(nome_completo, NFC) WHERE nome_completo IS NOT NFC NORMALIZED;
UPDATE onibus SET nome = normalize(nome, NFC) WHERE nome IS NOT NFC NORMALIZED;
