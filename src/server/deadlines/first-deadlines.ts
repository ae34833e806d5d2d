import type { Database } from "../db/database";

/**
 * The registrations already seated and owing when deadlines shipped get one,
 * counted from that day (never one in the past): once, at the first start
 * after migration 040, when the deadline settings are in place. A setting
 * turned on later gives deadlines to seats given afterwards only.
 */
/** app_settings' marker, put by migration 040: the first deadlines are still to be given. */
export const FIRST_DEADLINES_KEY = "prazos_a_iniciar";

export async function giveFirstDeadlines(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const [marker] = await tx.query("DELETE FROM app_settings WHERE key = $1 RETURNING key", [FIRST_DEADLINES_KEY]);
    if (!marker) return 0;
    const rows = await tx.query(
      `UPDATE registrations SET prazo_pagamento = caravana_novo_prazo(false)
       WHERE situacao = 'vaga' AND status_pagamento = 'pendente' AND prazo_pagamento IS NULL
         AND caravana_novo_prazo(false) IS NOT NULL
       RETURNING id`,
    );
    return rows.length;
  });
}
