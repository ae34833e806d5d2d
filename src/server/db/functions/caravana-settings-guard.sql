CREATE OR REPLACE FUNCTION public.caravana_settings_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Node's list of zones knows a few old names PostgreSQL has dropped ("US/Pacific-New"): a zone every deadline
  -- would then fail on is refused here, by the operation the deadlines use.
  BEGIN
    PERFORM now() AT TIME ZONE (NEW.valor #>> '{}');
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION 'fuso_desconhecido' USING ERRCODE = 'check_violation',
      HINT = 'Fuso horário não reconhecido: ' || coalesce(NEW.valor #>> '{}', '');
  END;
  RETURN NEW;
END
$function$;

COMMENT ON FUNCTION caravana_settings_guard() IS 'Refuses a "Fuso horário" that PostgreSQL does not know, which every payment deadline would fail on.';
