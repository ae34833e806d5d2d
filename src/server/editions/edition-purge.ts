import type { Queryable } from "../db/database";
import { anonymiseEditionLog } from "../activity/anonymise-log";

/** A closed edition whose list is still kept (docs/decisions/038). */
export interface KeptEdition {
  id: number;
  aberta_em: Date | string;
  encerrada_em: Date | string;
}

/**
 * The end of a closed edition's personal data: its kept list goes, and its
 * stretch of the log keeps initials only. Logged by edicoes_log.
 */
export async function purgeEditionData(tx: Queryable, edition: KeptEdition): Promise<void> {
  const kept = await tx.query<{ nome: string }>(
    "SELECT linha ->> 'nome_completo' AS nome FROM edicao_inscricoes WHERE edicao_id = $1",
    [edition.id],
  );
  await anonymiseEditionLog(
    tx,
    kept.map((k) => k.nome),
    { from: edition.aberta_em, to: edition.encerrada_em },
  );
  await tx.query("DELETE FROM edicao_inscricoes WHERE edicao_id = $1", [edition.id]);
  await tx.query("UPDATE edicoes SET dados_apagados_em = now(), dados_ate = NULL WHERE id = $1", [edition.id]);
}

/** Every closed edition's list still kept, whatever its days: `npm run purge` takes them all. */
export async function purgeKeptLists(tx: Queryable): Promise<number> {
  const kept = await tx.query<KeptEdition>(
    `SELECT id, aberta_em, encerrada_em FROM edicoes
     WHERE encerrada_em IS NOT NULL AND dados_apagados_em IS NULL FOR UPDATE`,
  );
  for (const edition of kept) await purgeEditionData(tx, edition);
  return kept.length;
}
