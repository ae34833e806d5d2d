CREATE OR REPLACE FUNCTION public.caravana_cash_out_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  who admin_users;
  amount integer;
  held integer;
BEGIN
  IF NOT caravana_logging() THEN RETURN NEW; END IF;
  IF TG_TABLE_NAME = 'reembolsos' THEN
    IF NEW.estado <> 'reembolsado' OR NEW.metodo IS DISTINCT FROM 'ESPECIE' OR OLD.estado = 'reembolsado' THEN
      RETURN NEW;
    END IF;
    amount := NEW.devolvido_centavos;
    SELECT * INTO who FROM admin_users WHERE id = NEW.resolvido_por FOR UPDATE;
  ELSE
    IF NEW.pago_em_especie_por IS NULL THEN RETURN NEW; END IF;
    amount := NEW.valor_centavos;
    SELECT * INTO who FROM admin_users WHERE id = NEW.pago_em_especie_por FOR UPDATE;
  END IF;
  IF who.id IS NULL THEN
    RAISE EXCEPTION 'Diga quem pagou em espécie.' USING ERRCODE = 'CV409';
  END IF;
  held := caravana_em_maos(who.id);
  IF held < amount THEN
    RAISE EXCEPTION '% tem só % em mãos, menos que os % desta saída em espécie. Registre antes o dinheiro que recebeu ou, se saiu da conta, desmarque “em espécie”.',
      who.nome, caravana_reais(held), caravana_reais(amount) USING ERRCODE = 'CV409';
  END IF;
  RETURN NEW;
END
$function$;

COMMENT ON FUNCTION caravana_cash_out_guard() IS 'A refund or an expense paid in cash never takes more than the payer holds ("Em mãos"), and says so.';
