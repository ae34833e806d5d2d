-- Rules the server's queries wrote out in several places, now written once here and called by name.

-- Under 16 (AUTHORIZATION_AGE, src/shared/minors.ts) and the signed travel authorisation not yet handed in.
CREATE FUNCTION caravana_falta_autorizacao(r registrations) RETURNS boolean
LANGUAGE sql STABLE AS $$ SELECT r.idade < 16 AND r.autorizacao_recebida_em IS NULL $$;
COMMENT ON FUNCTION caravana_falta_autorizacao(registrations) IS 'An under-16 whose signed travel authorisation has not been handed in: the boarding list, the filter and the printed authorisations.';

-- Exempted ("Isento"): confirmed with nothing to pay, as "Isentar" leaves it.
CREATE FUNCTION caravana_isento(r registrations) RETURNS boolean
LANGUAGE sql STABLE AS $$ SELECT r.status_pagamento = 'confirmado' AND r.valor_centavos = 0 $$;
COMMENT ON FUNCTION caravana_isento(registrations) IS 'A registration exempted from paying ("Isento"): confirmed with an amount due of zero.';
