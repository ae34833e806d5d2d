CREATE OR REPLACE FUNCTION public.caravana_nome_chave(nome text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
RETURN regexp_replace(caravana_fold(nome), '\s+'::text, ''::text, 'g'::text);

COMMENT ON FUNCTION caravana_nome_chave(nome text) IS '''The same person'' key: the name folded with every space removed (one registration per person and phone).';
