CREATE OR REPLACE FUNCTION public.caravana_nomes_parecidos(a text, b text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
DECLARE
  wa text[];
  wb text[];
BEGIN
  IF replace(a, ' ', '') = replace(b, ' ', '') THEN RETURN true; END IF;
  wa := caravana_nome_palavras(a);
  wb := caravana_nome_palavras(b);
  RETURN cardinality(wa) > 0 AND cardinality(wb) > 0 AND (wa <@ wb OR wb <@ wa);
END
$function$;

COMMENT ON FUNCTION caravana_nomes_parecidos(a text, b text) IS 'Two names are similar when one''s words all stand within the other''s.';
