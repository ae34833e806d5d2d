import { setImmediate as turn } from "node:timers/promises";
import type { CsvColumnsInput } from "../../shared/finance";
import type { ImportResult, StatementPreview } from "../../shared/finance-views";
import type { Database, Queryable } from "../db/database";
import { payLines, type LinePayment } from "./pay-from-statement";
import { lineViews } from "./statement-lines";
import type { CreditLine, SavedColumns } from "./statement/read-statement";
import { readStatementInWorker } from "./statement/read-statement-in-worker";
import { createMatcher, type LineMatch, type MatchCandidate, payerWords } from "./statement/statement-matching";

const BATCH = 500;

/** What a new line became: the matcher's answer, or a repeat of an earlier import's line. */
type ImportMatch = LineMatch | { kind: "repetida"; repete: string; ids: string[] };
/** Lines listed per group in the answer; the counts are whole, and "Conferir o extrato" lists the rest. */
export const GROUP_LIMIT = 100;

export type ImportOutcome =
  | { kind: "imported"; result: ImportResult }
  | { kind: "columns"; colunas: string[]; exemplo: string[][] }
  | { kind: "preview"; preview: StatementPreview };

/** Lines shown before a new CSV mapping writes anything. */
const PREVIEW_LINES = 5;

/** Long digit runs in a description (accounts, documents) are not kept: the accounts need none of them. */
const maskDigits = (text: string) => text.replace(/\d[\d.\-/]{3,}\d/g, "•••");

async function savedColumns(db: Queryable): Promise<SavedColumns[]> {
  return db.query<SavedColumns>(
    "SELECT banco, data, valor, descricao, identificador FROM extrato_colunas ORDER BY atualizado_em DESC",
  );
}

/** Every registration that a line could pay or point to, as the matcher needs it. */
async function candidates(tx: Queryable, zone: string): Promise<MatchCandidate[]> {
  const rows = await tx.query<{
    id: string;
    referencia: string | null;
    nome_completo: string;
    nome_pagador: string | null;
    dia: string;
    devido: number;
    status_pagamento: string;
    situacao: string;
  }>(
    `SELECT id, referencia, nome_completo, nome_pagador, to_char(created_at AT TIME ZONE $1, 'YYYY-MM-DD') AS dia,
            caravana_valor_devido(r) AS devido, status_pagamento, situacao
     FROM registrations r WHERE anonimizado_em IS NULL`,
    [zone],
  );
  return rows.map((r) => ({
    id: r.id,
    referencia: r.referencia,
    nome: r.nome_completo,
    nomePagador: r.nome_pagador,
    criadoEm: r.dia,
    devido: r.devido,
    pendente: r.status_pagamento === "pendente",
    ativa: r.situacao !== "desistente",
  }));
}

/**
 * This import's new lines that repeat a credit an earlier import brought (same day, amount and payer):
 * the same PIX in another bank's file, or another format of one file. Each waits for a look, with
 * the registrations the earlier line paid as its suggestions.
 */
async function earlierRepeats(
  tx: Queryable,
  importId: string,
): Promise<Map<string, { repete: string; ids: string[] }>> {
  const rows = await tx.query<{ id: string; repete: string; ids: string[] }>(
    `SELECT DISTINCT ON (n.id) n.id::text, o.id::text AS repete,
       coalesce(CASE WHEN o.estado = 'paga'
         THEN (SELECT array_agg(p.inscricao_id::text ORDER BY p.id) FROM pagamentos p
               WHERE p.extrato_linha_id = o.id AND p.tipo = 'pagamento')
         ELSE o.sugestoes::text[] END, '{}') AS ids
     FROM extrato_linhas n JOIN extrato_linhas o
       ON o.data = n.data AND o.valor_centavos = n.valor_centavos AND o.pagador = n.pagador
      AND o.importacao_id <> n.importacao_id
     WHERE n.importacao_id = $1 ORDER BY n.id, o.id`,
    [importId],
  );
  return new Map(rows.map((r) => [r.id, { repete: r.repete, ids: r.ids }]));
}

/** Which of these registrations still owe: the others were paid since the file was matched. */
async function stillPending(tx: Queryable, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx.query<{ id: string }>(
    "SELECT id FROM registrations WHERE id = ANY($1::uuid[]) AND status_pagamento = 'pendente'",
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * "Importar extrato": reads the file, adds the lines not seen before, pays the
 * ones that carry a code, suggests by name and amount, and keeps the rest for
 * "Sem correspondência" — all in one transaction, so a file that fails half-way
 * changes nothing, and a file imported twice (even at once) adds nothing twice.
 */
export async function importStatement(
  db: Database,
  actor: { id: number; nome: string },
  file: { name: string; bytes: Uint8Array },
  opts: { columns?: CsvColumnsInput; zone: string; today: string; preview?: boolean },
): Promise<ImportOutcome> {
  const read = await readStatementInWorker(file.bytes, {
    columns: opts.columns,
    saved: await savedColumns(db),
    today: opts.today,
  });
  if (read.kind === "columns") return { kind: "columns", colunas: read.header, exemplo: read.sample };
  const { statement, lines } = read;
  if (opts.preview)
    return {
      kind: "preview",
      preview: {
        banco: statement.banco,
        creditos: lines.length,
        ignoradas: statement.lines.length - lines.length,
        linhas: lines
          .slice(0, PREVIEW_LINES)
          .map((l) => ({ data: l.data, valor_centavos: l.valorCentavos, descricao: l.descricao })),
      },
    };
  const arquivo = file.name.slice(0, 200) || "extrato";

  return db.transaction(async (tx) => {
    // The registrations' own log entry would repeat what the payment record logs (pagamentos_written).
    await tx.query("SELECT set_config('caravana.origem_pagamento', 'extrato', true)");
    if (opts.columns) {
      const c = opts.columns;
      await tx.query(
        `INSERT INTO extrato_colunas (banco, data, valor, descricao, identificador) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (banco) DO UPDATE SET data = $2, valor = $3, descricao = $4, identificador = $5, atualizado_em = now()`,
        [c.banco, c.data, c.valor, c.descricao, c.identificador || null],
      );
    }
    const [{ id: importId }] = await tx.query<{ id: string }>(
      `INSERT INTO extrato_importacoes (por, por_nome, arquivo, formato, banco) VALUES ($1, $2, $3, $4, $5) RETURNING id::text`,
      [actor.id, actor.nome, arquivo, statement.formato, statement.banco],
    );

    const fresh: (CreditLine & { id: string })[] = [];
    const seenKeys: string[] = [];
    for (let i = 0; i < lines.length; i += BATCH) {
      const batch = lines.slice(i, i + BATCH);
      // A line another import holds waits for it, then counts as seen: ON CONFLICT on the unique key.
      const inserted = await tx.query<{ id: string; chave: string }>(
        `INSERT INTO extrato_linhas (chave, importacao_id, banco, data, valor_centavos, descricao, pagador, estado)
         SELECT x.chave, $2, $3, x.data, x.valor, x.descricao, nullif(x.pagador, ''), 'sem_correspondencia'
         FROM json_to_recordset($1::json) AS x(chave text, data date, valor int, descricao text, pagador text)
         ON CONFLICT (chave) DO NOTHING RETURNING id::text, chave`,
        [
          JSON.stringify(
            batch.map((l) => ({
              chave: l.chave,
              data: l.data,
              valor: l.valorCentavos,
              descricao: maskDigits(l.descricao),
              pagador: payerWords(l.descricao).join(" ").slice(0, 200),
            })),
          ),
          importId,
          statement.banco,
        ],
      );
      const ids = new Map(inserted.map((r) => [r.chave, r.id]));
      for (const l of batch) {
        const id = ids.get(l.chave);
        if (id) fresh.push({ ...l, id });
        else seenKeys.push(l.chave);
      }
      // PGlite runs on this thread: let other requests' handlers run between batches.
      await turn();
    }

    const repeats = await earlierRepeats(tx, importId);
    const match = createMatcher(await candidates(tx, opts.zone));
    const matches = new Map<string, ImportMatch>();
    for (const [i, l] of fresh.entries()) {
      const earlier = repeats.get(l.id);
      matches.set(l.id, earlier ? { kind: "repetida", ...earlier } : match(l));
      if (i % 500 === 499) await turn();
    }
    const payments: LinePayment[] = [];
    for (const l of fresh) {
      const m = matches.get(l.id)!;
      if (m.kind === "codigo") payments.push({ lineId: l.id, valorCentavos: l.valorCentavos, ids: m.ids });
    }
    const outcome = await payLines(tx, payments, actor);
    // A code whose registration another import (or the panel) paid meanwhile is a double payment,
    // as it would have been had that payment come first; otherwise it is no longer automatic.
    const paidMeanwhile = await stillPending(
      tx,
      outcome.refused.flatMap((id) => (matches.get(id) as { ids: string[] }).ids),
    );
    for (const lineId of outcome.refused) {
      const m = matches.get(lineId) as { kind: "codigo"; ids: string[] };
      const paid = m.ids.filter((id) => !paidMeanwhile.has(id));
      matches.set(
        lineId,
        m.ids.length === 1 && paid.length === 1
          ? { kind: "ja_paga", id: paid[0] }
          : { kind: "sugestao", ids: m.ids, by: "codigo" },
      );
    }

    const updates = fresh
      .map((l) => ({ l, m: matches.get(l.id)! }))
      .filter(({ m }) => m.kind !== "codigo" && m.kind !== "nada")
      .map(({ l, m }) => ({
        id: l.id,
        estado: m.kind === "ja_paga" ? "ja_paga" : "sugerida",
        sugestoes: m.kind === "ja_paga" ? [m.id] : m.kind === "sugestao" || m.kind === "repetida" ? m.ids : [],
        como: m.kind === "sugestao" ? m.by : m.kind === "repetida" ? "repetida" : null,
        repete: m.kind === "repetida" ? m.repete : null,
      }));
    for (let i = 0; i < updates.length; i += BATCH) {
      await tx.query(
        `UPDATE extrato_linhas l SET estado = x.estado, sugestoes = x.sugestoes, como = x.como, repete = x.repete
         FROM json_to_recordset($1::json) AS x(id bigint, estado text, sugestoes uuid[], como text, repete bigint)
         WHERE l.id = x.id`,
        [JSON.stringify(updates.slice(i, i + BATCH).map((u) => ({ ...u, sugestoes: `{${u.sugestoes.join(",")}}` })))],
      );
      await turn();
    }
    // A credit for someone already paid is a double payment: a refund to decide.
    await tx.query(
      `INSERT INTO reembolsos (inscricao_id, extrato_linha_id, nome, referencia, origem, valor_centavos)
       SELECT r.id, l.id, r.nome_completo, r.referencia, 'pagamento_duplo', l.valor_centavos
       FROM extrato_linhas l JOIN registrations r ON r.id = l.sugestoes[1]
       WHERE l.importacao_id = $1 AND l.estado = 'ja_paga'`,
      [importId],
    );

    const count = (...kinds: string[]) => [...matches.values()].filter((m) => kinds.includes(m.kind)).length;
    const paid = outcome.paidLines.length;
    const counts = {
      lidas: statement.lines.length,
      novas: fresh.length,
      pagas: paid,
      sugeridas: count("sugestao", "repetida"),
      sem_correspondencia: count("nada"),
      repetidas: seenKeys.length,
      ja_pagas: count("ja_paga"),
      ignoradas: statement.lines.length - lines.length,
    };
    await tx.query(
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

    // The answer lists the first lines of each group; a group's count says how many there are.
    const firstOf = (ids: string[]) => ids.slice(0, GROUP_LIMIT);
    const byKind = (kind: ImportMatch["kind"]) => fresh.filter((l) => matches.get(l.id)!.kind === kind);
    const paidSet = new Set(outcome.paidLines);
    const freshIds = {
      pagas: firstOf(fresh.filter((l) => paidSet.has(l.id)).map((l) => l.id)),
      sugeridas: firstOf(
        fresh.filter((l) => ["sugestao", "repetida"].includes(matches.get(l.id)!.kind)).map((l) => l.id),
      ),
      sem_correspondencia: firstOf(byKind("nada").map((l) => l.id)),
      ja_pagas: firstOf(byKind("ja_paga").map((l) => l.id)),
    };
    const seenIds = seenKeys.length
      ? (
          await tx.query<{ id: string }>(
            "SELECT id::text FROM extrato_linhas WHERE chave = ANY($1) ORDER BY id LIMIT $2",
            [seenKeys, GROUP_LIMIT],
          )
        ).map((r) => r.id)
      : [];
    const views = new Map(
      (await lineViews(tx, [...Object.values(freshIds).flat(), ...seenIds])).map((v) => [v.id, v] as const),
    );
    const pick = (ids: string[]) => ids.map((id) => views.get(id)!).filter(Boolean);
    return {
      kind: "imported",
      result: {
        arquivo,
        banco: statement.banco,
        ...counts,
        grupos: {
          pagas: pick(freshIds.pagas),
          sugeridas: pick(freshIds.sugeridas),
          sem_correspondencia: pick(freshIds.sem_correspondencia),
          ja_pagas: pick(freshIds.ja_pagas),
          repetidas: pick(seenIds),
        },
      },
    };
  });
}
