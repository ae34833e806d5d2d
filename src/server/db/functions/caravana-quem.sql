CREATE OR REPLACE FUNCTION public.caravana_quem(nome text, referencia text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- A notice names the person by first name and code only: never the whole name, never anything else.
  SELECT split_part(btrim(nome), ' ', 1) || ' (' || referencia || ')'
$function$;

COMMENT ON FUNCTION caravana_quem(nome text, referencia text) IS 'Who a notice is about: "Ana (JDJU5AF)".';
