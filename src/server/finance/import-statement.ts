import { setImmediate as turn } from "node:timers/promises";
import { type CsvColumnsInput, FINANCE_MESSAGES } from "../../shared/finance";
import type { ImportResult, StatementPreview } from "../../shared/finance-views";
import type { Database, Queryable } from "../db/database";
import { ConflictError } from "../domain-errors";
import { type ChunkCounts, importChunk, type ImportMatchKind } from "./import-statement-chunk";
import { lineViews } from "./statement-lines";
import type { CreditLine, SavedColumns, StatementSummary } from "./statement/read-statement";
import { readStatementInWorker } from "./statement/read-statement-in-worker";
import type { ReadingQueue } from "./statement/reading-queue";
import { createMatcher, type MatchCandidate } from "./statement/statement-matching";

/** Lines written per transaction: short enough that registrations go between two of them, even on PGlite. */
const CHUNK = 250;
const FOREIGN_KEY_VIOLATION = "23503";

/**
 * One import writes at a time on this instance: three at once would queue three chunks ahead of
 * each registration. Reading the files (in workers) still runs side by side.
 */
let writing: Promise<unknown> = Promise.resolve();
function oneWriterAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turnToWrite = writing.then(work, work);
  writing = turnToWrite.catch(() => {});
  return turnToWrite;
}
/** Lines listed per group in the answer; the counts are whole, and "Conferir o extrato" lists the rest. */
export const GROUP_LIMIT = 100;
/** Lines shown before a new CSV mapping writes anything. */
const PREVIEW_LINES = 5;

export type ImportOutcome =
  | { kind: "imported"; result: ImportResult }
  | { kind: "columns"; colunas: string[]; exemplo: string[][] }
  | { kind: "preview"; preview: StatementPreview };

async function savedColumns(db: Queryable): Promise<SavedColumns[]> {
  return db.query<SavedColumns>(
    "SELECT banco, data, valor, descricao, identificador FROM extrato_colunas ORDER BY atualizado_em DESC",
  );
}

/** Every registration that a line could pay or point to, as the matcher needs it. */
async function candidates(db: Queryable, zone: string): Promise<MatchCandidate[]> {
  const rows = await db.query<{
    id: string;
    referencia: string | null;
    nome_completo: string;
    nome_pagador: string | null;
    responsavel_nome: string | null;
    dia: string;
    devido: number;
    status_pagamento: string;
    situacao: string;
  }>(
    `SELECT id, referencia, nome_completo, nome_pagador, responsavel_nome, to_char(created_at AT TIME ZONE $1, 'YYYY-MM-DD') AS dia,
            caravana_valor_devido(r) AS devido, status_pagamento, situacao
     FROM registrations r WHERE anonimizado_em IS NULL`,
    [zone],
  );
  return rows.map((r) => ({
    id: r.id,
    referencia: r.referencia,
    nome: r.nome_completo,
    nomePagador: r.nome_pagador,
    nomeResponsavel: r.responsavel_nome,
    criadoEm: r.dia,
    devido: r.devido,
    pendente: r.status_pagamento === "pendente",
    ativa: r.situacao !== "desistente",
    semVaga: r.situacao === "espera" || r.situacao === "vencida",
  }));
}

/** The import's record, and the CSV mapping when one was chosen: the file's own small transaction. */
async function startImport(
  db: Database,
  actor: { id: number; nome: string },
  file: { arquivo: string; formato: string; banco: string },
  columns?: CsvColumnsInput,
): Promise<string> {
  return db.transaction(async (tx) => {
    if (columns) {
      await tx.query(
        `INSERT INTO extrato_colunas (banco, data, valor, descricao, identificador) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (banco) DO UPDATE SET data = $2, valor = $3, descricao = $4, identificador = $5, atualizado_em = now()`,
        [columns.banco, columns.data, columns.valor, columns.descricao, columns.identificador || null],
      );
    }
    const [{ id }] = await tx.query<{ id: string }>(
      "INSERT INTO extrato_importacoes (por, por_nome, arquivo, formato, banco) VALUES ($1, $2, $3, $4, $5) RETURNING id::text",
      [actor.id, actor.nome, file.arquivo, file.formato, file.banco],
    );
    return id;
  });
}

/** The counts kept with the import; setting them writes its entry in the log (extrato_importacoes_log). */
async function finishImport(db: Queryable, importId: string, counts: ImportCounts): Promise<void> {
  await db.query(
    `UPDATE extrato_importacoes SET lidas = $2, novas = $3, pagas = $4, sugeridas = $5, sem_correspondencia = $6,
       repetidas = $7, ja_pagas = $8 WHERE id = $1`,
    [
      importId,
      counts.lidas,
      counts.novas,
      counts.pagas,
      counts.sugeridas,
      counts.sem_correspondencia,
      counts.repetidas,
      counts.ja_pagas,
    ],
  );
}

type ImportCounts = Omit<ImportResult, "arquivo" | "banco" | "grupos">;

/** The answer's groups: the first lines of each, with their registrations. */
async function resultGroups(db: Queryable, ids: Record<ImportMatchKind | "repetidas", string[]>) {
  const views = new Map((await lineViews(db, Object.values(ids).flat())).map((v) => [v.id, v] as const));
  const pick = (list: string[]) => list.flatMap((id) => views.get(id) ?? []);
  return {
    pagas: pick(ids.paga),
    sugeridas: pick(ids.sugerida),
    sem_correspondencia: pick(ids.nada),
    ja_pagas: pick(ids.ja_paga),
    repetidas: pick(ids.repetidas),
  };
}

/**
 * "Importar extrato", top to bottom:
 *  1. read the file, off the server's thread and one file at a time on this instance (a bad file
 *     stops here, and nothing is written);
 *  2. record the import (and a new CSV mapping);
 *  3. write the lines a few hundred at a time, each chunk in one transaction that adds the lines
 *     not seen before, pays those that carry a code, suggests by name and amount, and keeps the
 *     rest for "Sem correspondência" (import-statement-chunk.ts);
 *  4. record the counts, and answer with the first lines of each group.
 * A chunk is whole or absent: an import stopped half-way, imported again, adds the rest, and a
 * file imported twice (even at once) adds nothing twice. Between chunks the form's registrations
 * go through, which one long transaction would hold up on PGlite (docs/decisions/039).
 */
export async function importStatement(
  db: Database,
  actor: { id: number; nome: string },
  file: { name: string; bytes: Uint8Array },
  opts: {
    columns?: CsvColumnsInput;
    zone: string;
    today: string;
    preview?: boolean;
    /** One reading at a time on this instance, and this upload's place in it ("Na fila…"). */
    queue: ReadingQueue;
    ticket: string;
  },
): Promise<ImportOutcome> {
  const saved = await savedColumns(db);
  const read = await opts.queue.run(opts.ticket, () =>
    readStatementInWorker(file.bytes, { columns: opts.columns, saved, today: opts.today }),
  );
  if (read.kind === "columns") return { kind: "columns", colunas: read.header, exemplo: read.sample };
  const { statement, lines } = read;
  if (opts.preview)
    return {
      kind: "preview",
      preview: {
        banco: statement.banco,
        creditos: lines.length,
        ignoradas: statement.lidas - lines.length,
        linhas: lines
          .slice(0, PREVIEW_LINES)
          .map((l) => ({ data: l.data, valor_centavos: l.valorCentavos, descricao: l.descricao })),
      },
    };

  const arquivo = file.name.slice(0, 200) || "extrato";
  return oneWriterAtATime(() => writeImport(db, actor, { arquivo, statement, lines }, opts));
}

async function writeImport(
  db: Database,
  actor: { id: number; nome: string },
  { arquivo, statement, lines }: { arquivo: string; statement: StatementSummary; lines: CreditLine[] },
  opts: { columns?: CsvColumnsInput; zone: string },
): Promise<ImportOutcome> {
  const importId = await startImport(
    db,
    actor,
    { arquivo, formato: statement.formato, banco: statement.banco },
    opts.columns,
  );
  const people = await candidates(db, opts.zone);
  const byId = new Map(people.map((c) => [c.id, c]));
  const match = createMatcher(people);
  const totals: ChunkCounts = { novas: 0, paga: 0, sugerida: 0, nada: 0, ja_paga: 0, repetidas: 0 };
  const firstIds: Record<ImportMatchKind | "repetidas", string[]> = {
    paga: [],
    sugerida: [],
    nada: [],
    ja_paga: [],
    repetidas: [],
  };
  for (let i = 0; i < lines.length; i += CHUNK) {
    const chunk = await db
      .transaction((tx) =>
        importChunk(tx, { importId, banco: statement.banco, lines: lines.slice(i, i + CHUNK), match, actor }),
      )
      .catch((err: { code?: string }) => {
        // The edition was closed between two chunks: its import record went with it.
        if (err.code === FOREIGN_KEY_VIOLATION) throw new ConflictError(FINANCE_MESSAGES.importInterrupted);
        throw err;
      });
    // Paid here, so a later line with the same code is "Já pago", as in one pass.
    for (const id of chunk.paidRegistrations) byId.get(id)!.pendente = false;
    for (const key of Object.keys(totals) as (keyof ChunkCounts)[]) totals[key] += chunk.counts[key];
    for (const key of Object.keys(firstIds) as (keyof typeof firstIds)[])
      firstIds[key].push(...chunk.ids[key].slice(0, GROUP_LIMIT - firstIds[key].length));
    // Let the requests that waited for this chunk have the database before the next one.
    await turn();
  }

  const counts: ImportCounts = {
    lidas: statement.lidas,
    novas: totals.novas,
    pagas: totals.paga,
    sugeridas: totals.sugerida,
    sem_correspondencia: totals.nada,
    repetidas: totals.repetidas,
    ja_pagas: totals.ja_paga,
    ignoradas: statement.lidas - lines.length,
  };
  await finishImport(db, importId, counts);
  return {
    kind: "imported",
    result: { arquivo, banco: statement.banco, ...counts, grupos: await resultGroups(db, firstIds) },
  };
}
