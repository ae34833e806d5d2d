CREATE OR REPLACE FUNCTION public.caravana_nome_palavras(nome_busca text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
BEGIN ATOMIC
 SELECT COALESCE(array_agg(w.w), '{}'::text[]) AS "coalesce"
    FROM regexp_split_to_table(caravana_nome_palavras.nome_busca, '[^a-z0-9]+'::text) w(w)
   WHERE ((length(w.w) > 1) AND (w.w <> ALL (ARRAY['de'::text, 'da'::text, 'do'::text, 'das'::text, 'dos'::text])));
END;

COMMENT ON FUNCTION caravana_nome_palavras(nome_busca text) IS 'A folded name''s words, without initials and de/da/do/das/dos.';
