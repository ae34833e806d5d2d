-- A refund paid in cash, and an expense paid in cash, come out of the cash of whoever paid it:
-- "Em mãos" is what a person received in cash and in handovers, less what they handed over, gave back
-- and spent. Nobody's cash goes below zero, checked in the same transaction as the change.

-- Who paid an expense with the cash in their hands; null: paid from the account.
ALTER TABLE despesas ADD COLUMN pago_em_especie_por integer REFERENCES admin_users(id) ON DELETE SET NULL;
COMMENT ON COLUMN despesas.pago_em_especie_por IS 'Who paid it with the cash in their hands (it lowers their "Em mãos"); null: paid from the account.';

CREATE OR REPLACE FUNCTION caravana_em_maos(p integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT (coalesce((SELECT sum(valor_centavos) FROM pagamentos
                    WHERE recebido_por = p AND metodo = 'ESPECIE' AND tipo IN ('pagamento', 'estorno')), 0)
        + coalesce((SELECT sum(valor_centavos) FROM entregas_dinheiro WHERE para = p AND confirmada_em IS NOT NULL), 0)
        - coalesce((SELECT sum(valor_centavos) FROM entregas_dinheiro WHERE de = p), 0)
        - coalesce((SELECT sum(devolvido_centavos) FROM reembolsos
                    WHERE resolvido_por = p AND estado = 'reembolsado' AND metodo = 'ESPECIE'), 0)
        - coalesce((SELECT sum(valor_centavos) FROM despesas WHERE pago_em_especie_por = p), 0))::int
$$;
COMMENT ON FUNCTION caravana_em_maos(integer) IS 'Cash a person holds: received in cash and in confirmed handovers, less handed over, refunded in cash and spent in cash.';

CREATE FUNCTION caravana_cash_out_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
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
$$;
CREATE TRIGGER reembolsos_cash_out BEFORE UPDATE ON reembolsos
  FOR EACH ROW EXECUTE FUNCTION caravana_cash_out_guard();
CREATE TRIGGER despesas_cash_out BEFORE INSERT ON despesas
  FOR EACH ROW EXECUTE FUNCTION caravana_cash_out_guard();
COMMENT ON FUNCTION caravana_cash_out_guard() IS 'A refund or an expense paid in cash never takes more than the payer holds ("Em mãos"), and says so.';
COMMENT ON TRIGGER reembolsos_cash_out ON reembolsos IS 'A refund paid in cash comes out of the cash of who paid it, never below zero.';
COMMENT ON TRIGGER despesas_cash_out ON despesas IS 'An expense paid in cash comes out of the cash of who paid it, never below zero.';
