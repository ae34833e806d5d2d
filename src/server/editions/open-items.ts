import type { EditionOpenItems } from "../../shared/editions";
import type { Queryable } from "../db/database";

/**
 * What is still open in the edition, for "Encerrar edição" to list before the
 * confirmation: unpaid seats, the waiting list (and who in it paid, money to return), cash in someone's hands, bank
 * lines linked to nobody (a line that repeats one already imported is no money), refunds not decided. Closing stays possible.
 */
export async function editionOpenItems(db: Queryable): Promise<EditionOpenItems> {
  const [row] = await db.query<Omit<EditionOpenItems, "em_maos">>(
    `SELECT
       (SELECT count(*)::int FROM registrations WHERE situacao = 'vaga' AND status_pagamento = 'pendente') AS pendentes,
       (SELECT count(*)::int FROM registrations WHERE situacao = 'espera') AS espera,
       (SELECT count(*)::int FROM registrations WHERE situacao = 'espera' AND status_pagamento = 'confirmado')
         AS pagos_sem_vaga,
       (SELECT coalesce(sum(caravana_pago_liquido(id)), 0)::int FROM registrations
        WHERE situacao = 'espera' AND status_pagamento = 'confirmado') AS pagos_sem_vaga_centavos,
       (SELECT count(*)::int FROM extrato_linhas WHERE estado IN ('sem_correspondencia', 'sugerida')
          AND como IS DISTINCT FROM 'repetida') AS linhas,
       (SELECT coalesce(sum(valor_centavos), 0)::int FROM extrato_linhas
        WHERE estado IN ('sem_correspondencia', 'sugerida') AND como IS DISTINCT FROM 'repetida') AS linhas_centavos,
       (SELECT count(*)::int FROM reembolsos WHERE estado = 'pendente') AS reembolsos,
       (SELECT coalesce(sum(valor_centavos), 0)::int FROM reembolsos WHERE estado = 'pendente') AS reembolsos_centavos`,
  );
  const em_maos = await db.query<{ nome: string; centavos: number }>(
    `SELECT nome, caravana_em_maos(id)::int AS centavos FROM admin_users
     WHERE caravana_em_maos(id) > 0 ORDER BY nome`,
  );
  return { ...row, em_maos };
}
