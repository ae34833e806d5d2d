-- A held message row keeps its personal links (decision 043): "Copiar texto" again, or "Abrir WhatsApp"
-- after it, gives the same links, derived from the hold's start, instead of one more secret each time.
ALTER TABLE mensagem_linhas ADD COLUMN com_desde timestamptz;
COMMENT ON COLUMN mensagem_linhas.com_desde IS 'When this person''s hold of the row began: the row''s personal links are derived from it.';
