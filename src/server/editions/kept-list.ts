import type { ArchivedRegistration } from "../../shared/editions";
import type { Database, Queryable } from "../db/database";
import { type KeptEdition, purgeEditionData } from "./edition-purge";
import { type ExportRow, exportRegistrations } from "../registrations/list-registrations";

// A closed edition's list, kept read-only while its days run (edicao_inscricoes, docs/schema.md).
// Each row is the export's own row, so the kept sheet is the sheet the coordination knew.

const BATCH = 1000;

/** At the close: every registration as the export writes it, health notes included (they leave with the rest). */
export async function keepList(tx: Queryable & { kind?: Database["kind"] }, editionId: number, timeZone: string) {
  let kept = 0;
  for await (const batch of exportRegistrations(tx, { q: "", status: "todos", sort: "nome" }, timeZone, BATCH, true)) {
    await tx.query(
      `INSERT INTO edicao_inscricoes (edicao_id, id, ordem, linha)
       SELECT $1, (x.linha ->> 'id')::uuid, $3 + x.n, x.linha
       FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(linha, n)`,
      [editionId, JSON.stringify(batch), kept],
    );
    kept += batch.length;
  }
  return kept;
}

/** The read-only list, in the close's order (by name). */
export async function keptRegistrations(db: Queryable, editionId: number): Promise<ArchivedRegistration[]> {
  return db.query<ArchivedRegistration>(
    `SELECT linha ->> 'id' AS id, linha ->> 'nome_completo' AS nome_completo, (linha ->> 'idade')::int AS idade,
            linha ->> 'numero_responsavel' AS numero_responsavel, linha ->> 'situacao' AS situacao,
            linha ->> 'onibus_nome' AS onibus_nome, linha ->> 'metodo_pagamento' AS metodo_pagamento,
            linha ->> 'status_pagamento' AS status_pagamento, linha ->> 'referencia' AS referencia
     FROM edicao_inscricoes WHERE edicao_id = $1 ORDER BY ordem`,
    [editionId],
  );
}

/** The kept rows in batches, in the close's order, for the export's writers. */
export async function* keptBatches(db: Queryable, editionId: number, withHealth: boolean): AsyncGenerator<ExportRow[]> {
  for (let after = 0; ; after += BATCH) {
    const rows = await db.query<{ linha: ExportRow }>(
      `SELECT linha FROM edicao_inscricoes WHERE edicao_id = $1 AND ordem > $2 ORDER BY ordem LIMIT ${BATCH}`,
      [editionId, after],
    );
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ...r.linha, saude: withHealth ? r.linha.saude : null }));
    if (rows.length < BATCH) return;
  }
}

/** Editions whose keeping days are over lose their personal data; the server checks at start and every hour. */
export async function purgeExpiredEditions(db: Database): Promise<number> {
  const due = await db.query<{ id: number }>(
    "SELECT id FROM edicoes WHERE dados_ate IS NOT NULL AND dados_ate <= now() AND dados_apagados_em IS NULL",
  );
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      // Locked first: two instances purging at once do it once.
      const [edition] = await tx.query<KeptEdition>(
        `SELECT id, aberta_em, encerrada_em FROM edicoes
         WHERE id = $1 AND dados_ate <= now() AND dados_apagados_em IS NULL FOR UPDATE`,
        [id],
      );
      if (edition) await purgeEditionData(tx, edition);
    });
  }
  return due.length;
}
