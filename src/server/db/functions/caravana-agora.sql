CREATE OR REPLACE FUNCTION public.caravana_agora()
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  -- Tests move time instead of sleeping: app_settings' relogio_adiantado (an interval) is added. Nothing in the
  -- product writes it; without it this is now(). PL/pgSQL keeps the lookup's plan for the session: as an SQL
  -- function called from another one, PostgreSQL planned it again on every call (decision 063).
  RETURN now() + coalesce((SELECT value::interval FROM app_settings WHERE key = 'relogio_adiantado'), interval '0');
END
$function$;

COMMENT ON FUNCTION caravana_agora() IS 'Now, for payment deadlines: the database''s clock, which a test may move forward (app_settings relogio_adiantado).';
