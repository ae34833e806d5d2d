CREATE OR REPLACE FUNCTION public.caravana_referencias_novas()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN referencias_usadas u ON u.referencia = n.referencia) THEN
    RAISE EXCEPTION 'referencia_usada' USING ERRCODE = 'unique_violation',
      HINT = 'Esta referência foi usada em uma edição anterior.';
  END IF;
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_referencias_novas() IS 'A new registration never takes a reference an earlier edition gave out.';
