CREATE OR REPLACE FUNCTION public.caravana_novo_prazo(apos_espera boolean)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
AS $function$
  -- "Prazo para pagar" days from now, to the end of that day in the event's zone (as pretix counts days: a family
  -- reads "até 10/12 às 23:59", not a minute of the sign-up), or "Prazo depois de sair da lista de espera" hours
  -- for a seat just freed; never after the end of "Último dia para pagar", never before now. No days set: no
  -- deadline (decision 076).
  SELECT CASE WHEN s.dias IS NULL THEN NULL ELSE
    greatest(caravana_agora(), least(
      CASE WHEN apos_espera AND s.horas IS NOT NULL THEN caravana_agora() + make_interval(hours => s.horas)
           ELSE ((caravana_agora() AT TIME ZONE s.fuso)::date + s.dias + 1)::timestamp AT TIME ZONE s.fuso
                - interval '1 minute' END,
      coalesce((s.ultimo + 1)::timestamp AT TIME ZONE s.fuso - interval '1 minute', 'infinity'::timestamptz)))
  END
  FROM (SELECT
    (SELECT (valor #>> '{}')::integer FROM event_settings WHERE chave = 'prazo_dias') AS dias,
    (SELECT (valor #>> '{}')::integer FROM event_settings WHERE chave = 'prazo_horas_espera') AS horas,
    (SELECT nullif(valor #>> '{}', '')::date FROM event_settings WHERE chave = 'prazo_ultimo_dia') AS ultimo,
    caravana_fuso() AS fuso) s
$function$;

COMMENT ON FUNCTION caravana_novo_prazo(apos_espera boolean) IS 'A seat''s payment deadline, from the settings in force now: the end of the day so many days after the seat, or hours after leaving the waiting list, never after the last day.';
