CREATE OR REPLACE FUNCTION public.caravana_reais(centavos bigint)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE WHEN centavos < 0 THEN '-' ELSE '' END || 'R$ ' ||
    replace(to_char(abs(centavos) / 100, 'FM999,999,990'), ',', '.') || ',' || lpad((abs(centavos) % 100)::text, 2, '0')
$function$;

COMMENT ON FUNCTION caravana_reais(centavos bigint) IS 'An amount in centavos written as R$ 1.234,56, for the log.';
