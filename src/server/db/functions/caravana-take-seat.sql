CREATE OR REPLACE FUNCTION public.caravana_take_seat()
 RETURNS uuid
 LANGUAGE plpgsql
AS $function$
DECLARE
  bus uuid;
BEGIN
  UPDATE onibus SET ocupados = ocupados + 1
  WHERE id = (SELECT id FROM onibus WHERE ocupados < lugares ORDER BY ordem, id LIMIT 1)
  RETURNING id INTO bus;
  RETURN bus;
END
$function$;

COMMENT ON FUNCTION caravana_take_seat() IS 'Takes a seat on the first bus in fill order with one free; null when every bus is full.';
