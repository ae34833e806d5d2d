CREATE OR REPLACE FUNCTION public.caravana_aviso_ttl(tipo text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- How long a push service keeps trying to reach a phone that is off depends on the news: the eve of the
  -- trip is stale the next morning and a seat offer within a day; a payment or a message is still worth
  -- hearing two days later.
  SELECT CASE tipo WHEN 'vespera' THEN 43200 WHEN 'vaga' THEN 86400 WHEN 'prazo_amanha' THEN 86400 ELSE 172800 END
$function$;

COMMENT ON FUNCTION caravana_aviso_ttl(tipo text) IS 'A notice''s time to live (seconds), by kind.';
