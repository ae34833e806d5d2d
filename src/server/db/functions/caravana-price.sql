CREATE OR REPLACE FUNCTION public.caravana_price()
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$ SELECT (valor #>> '{}')::integer FROM event_settings WHERE chave = 'preco_centavos' $function$;

COMMENT ON FUNCTION caravana_price() IS 'The price in force (event_settings), kept on each new registration as preco_centavos.';
