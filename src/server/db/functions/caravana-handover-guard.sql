CREATE OR REPLACE FUNCTION public.caravana_handover_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  giver admin_users;
  held integer;
BEGIN
  IF NOT caravana_logging() THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD.confirmada_em IS NOT NULL OR NEW.confirmada_em IS NULL
       OR (NEW.de, NEW.para, NEW.valor_centavos) IS DISTINCT FROM (OLD.de, OLD.para, OLD.valor_centavos) THEN
      RAISE EXCEPTION 'Uma entrega só pode ser confirmada, uma vez.' USING ERRCODE = 'CV409';
    END IF;
    RETURN NEW;
  END IF;
  SELECT * INTO giver FROM admin_users WHERE id = NEW.de FOR UPDATE;
  IF NOT EXISTS (SELECT 1 FROM admin_users WHERE id = NEW.para AND papel = 'coordenacao' AND ativo) THEN
    RAISE EXCEPTION 'O dinheiro é entregue a alguém da Coordenação, com acesso ativo.' USING ERRCODE = 'CV409';
  END IF;
  held := caravana_em_maos(NEW.de);
  IF held < NEW.valor_centavos THEN
    RAISE EXCEPTION '% tem % em mãos: não dá para entregar %.', giver.nome, caravana_reais(held),
      caravana_reais(NEW.valor_centavos) USING ERRCODE = 'CV409';
  END IF;
  RETURN NEW;
END
$function$;

COMMENT ON FUNCTION caravana_handover_guard() IS 'A handover goes to an active Coordenação member, never beyond what the giver holds, and is confirmed once.';
