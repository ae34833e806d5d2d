CREATE OR REPLACE FUNCTION public.caravana_take_seat()
 RETURNS uuid
 LANGUAGE plpgsql
AS $function$
DECLARE
  bus uuid;
  taken text;
BEGIN
  UPDATE onibus SET ocupados = ocupados + 1
  WHERE id = (SELECT id FROM onibus WHERE ocupados < lugares ORDER BY ordem, id LIMIT 1)
  RETURNING id INTO bus;
  IF bus IS NOT NULL THEN
    -- A row that ON CONFLICT then skips has taken its seat all the same: the statement's trigger recounts every
    -- bus named here (caravana_settle_seats).
    taken := coalesce(current_setting('caravana.onibus_tomados', true), '');
    IF strpos(taken, bus::text) = 0 THEN
      PERFORM set_config('caravana.onibus_tomados', taken || bus::text || ',', true);
    END IF;
  END IF;
  RETURN bus;
END
$function$;

COMMENT ON FUNCTION caravana_take_seat() IS 'Takes a seat on the first bus in fill order with one free; null when every bus is full. Names the bus in caravana.onibus_tomados for the statement''s recount.';
