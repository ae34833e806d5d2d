import type { Queryable } from "../db/database";
import { type LinePayment, payLines } from "./pay-from-statement";
import type { CreditLine } from "./statement/read-statement";
import { type LineMatch, payerAsWritten, payerWords } from "./statement/statement-matching";

/** What a new line became: the matcher's answer, or a repeat of an earlier import's line. */
type ImportMatch = LineMatch | { kind: "repetida"; repete: string; ids: string[] };
/** The groups of the import's answer, by the state each line ends in. */
export type ImportMatchKind = "paga" | "sugerida" | "nada" | "ja_paga";
export type ChunkCounts = Record<ImportMatchKind | "novas" | "repetidas", number>;

/** The payer's words as stored: what a repeat is recognised by. */
const payerOf = (descricao: string) => payerWords(descricao).join(" ").slice(0, 200);

/** Long digit runs in a description (accounts, documents) are not kept: the accounts need none of them. */
const maskDigits = (text: string) => text.replace(/\d[\d.\-/]{3,}\d/g, "•••");

/** Adds the lines not seen before; a line another import holds waits for it, then counts as seen. */
async function insertNewLines(tx: Queryable, importId: string, banco: string, lines: CreditLine[]) {
  const inserted = await tx.query<{ id: string; chave: string }>(
    `INSERT INTO extrato_linhas (chave, importacao_id, banco, data, valor_centavos, descricao, pagador, pagador_escrito, estado)
     SELECT x.chave, $2, $3, x.data, x.valor, x.descricao, nullif(x.pagador, ''), nullif(x.escrito, ''), 'sem_correspondencia'
     FROM json_to_recordset($1::json) AS x(chave text, data date, valor int, descricao text, pagador text, escrito text)
     ON CONFLICT (chave) DO NOTHING RETURNING id::text, chave`,
    [
      JSON.stringify(
        lines.map((l) => ({
          chave: l.chave,
          data: l.data,
          valor: l.valorCentavos,
          descricao: maskDigits(l.descricao),
          pagador: payerOf(l.descricao),
          escrito: payerAsWritten(l.descricao).slice(0, 200),
        })),
      ),
      importId,
      banco,
    ],
  );
  const ids = new Map(inserted.map((r) => [r.chave, r.id]));
  const fresh = lines.flatMap((l) =>
    ids.has(l.chave) ? [{ ...l, id: ids.get(l.chave)!, pagador: payerOf(l.descricao) }] : [],
  );
  const seen = lines.filter((l) => !ids.has(l.chave)).map((l) => l.chave);
  return { fresh, seen };
}

/**
 * New lines that repeat a credit an earlier import brought (same day, amount and payer): the same
 * PIX in another bank's file, or another format of one file. Each waits for a look, with the
 * registrations the earlier line paid as its suggestions.
 */
async function earlierRepeats(
  tx: Queryable,
  importId: string,
  lines: { id: string; data: string; valorCentavos: number; pagador: string }[],
) {
  const rows = await tx.query<{ id: string; repete: string; ids: string[] }>(
    `SELECT x.id::text, o.id::text AS repete,
       coalesce(CASE WHEN o.estado = 'paga'
         THEN (SELECT array_agg(p.inscricao_id::text ORDER BY p.id) FROM pagamentos p
               WHERE p.extrato_linha_id = o.id AND p.tipo = 'pagamento')
         ELSE o.sugestoes::text[] END, '{}') AS ids
     FROM json_to_recordset($1::json) AS x(id bigint, data date, valor int, pagador text)
     CROSS JOIN LATERAL (
       SELECT o.id, o.estado, o.sugestoes FROM extrato_linhas o
       WHERE o.data = x.data AND o.valor_centavos = x.valor AND o.pagador = x.pagador AND o.importacao_id <> $2
       LIMIT 1) o`,
    [
      JSON.stringify(
        lines
          .filter((l) => l.pagador)
          .map((l) => ({ id: l.id, data: l.data, valor: l.valorCentavos, pagador: l.pagador })),
      ),
      importId,
    ],
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

/** Pays the lines that carry a code; a code paid meanwhile (another import, the panel) is a double payment. */
async function payCodedLines(
  tx: Queryable,
  matches: Map<string, ImportMatch>,
  fresh: (CreditLine & { id: string })[],
  actor: { id: number; nome: string },
) {
  const payments: LinePayment[] = [];
  for (const l of fresh) {
    const m = matches.get(l.id)!;
    if (m.kind === "codigo") payments.push({ lineId: l.id, valorCentavos: l.valorCentavos, ids: m.ids });
  }
  const outcome = await payLines(tx, payments, actor);
  const owing = await stillPending(
    tx,
    outcome.refused.flatMap((id) => (matches.get(id) as { ids: string[] }).ids),
  );
  for (const lineId of outcome.refused) {
    const m = matches.get(lineId) as { kind: "codigo"; ids: string[] };
    const paid = m.ids.filter((id) => !owing.has(id));
    matches.set(
      lineId,
      m.ids.length === 1 && paid.length === 1
        ? { kind: "ja_paga", id: paid[0] }
        : { kind: "sugestao", ids: m.ids, by: "codigo" },
    );
  }
  const paidLines = new Set(outcome.paidLines);
  return { paidLines, paidRegistrations: payments.filter((p) => paidLines.has(p.lineId)).flatMap((p) => p.ids) };
}

/** Suggestions, repeats and "Já pago" on their lines; a credit for someone already paid opens a refund to decide. */
async function markLines(tx: Queryable, importId: string, matches: Map<string, ImportMatch>) {
  const updates = [...matches.entries()]
    .filter(([, m]) => m.kind !== "codigo" && m.kind !== "nada")
    .map(([id, m]) => ({
      id,
      estado: m.kind === "ja_paga" ? "ja_paga" : "sugerida",
      sugestoes: `{${(m.kind === "ja_paga" ? [m.id] : m.kind === "sugestao" || m.kind === "repetida" ? m.ids : []).join(",")}}`,
      como: m.kind === "sugestao" ? m.by : m.kind === "repetida" ? "repetida" : null,
      repete: m.kind === "repetida" ? m.repete : null,
    }));
  if (!updates.length) return;
  await tx.query(
    `UPDATE extrato_linhas l SET estado = x.estado, sugestoes = x.sugestoes, como = x.como, repete = x.repete
     FROM json_to_recordset($1::json) AS x(id bigint, estado text, sugestoes uuid[], como text, repete bigint)
     WHERE l.id = x.id`,
    [JSON.stringify(updates)],
  );
  await tx.query(
    `INSERT INTO reembolsos (inscricao_id, extrato_linha_id, nome, referencia, origem, valor_centavos)
     SELECT r.id, l.id, r.nome_completo, r.referencia, 'pagamento_duplo', l.valor_centavos
     FROM extrato_linhas l JOIN registrations r ON r.id = l.sugestoes[1]
     WHERE l.id = ANY($2::bigint[]) AND l.importacao_id = $1 AND l.estado = 'ja_paga'`,
    [importId, updates.filter((u) => u.estado === "ja_paga").map((u) => u.id)],
  );
}

/**
 * One transaction of an import: adds its lines not seen before, matches them
 * (a repeat of an earlier credit first, then the matcher), pays the codes and
 * marks the rest. The matcher's candidates are read once per import; paying
 * one here makes the next chunks see it paid.
 */
export async function importChunk(
  tx: Queryable,
  input: {
    importId: string;
    banco: string;
    lines: CreditLine[];
    match: (line: CreditLine) => LineMatch;
    actor: { id: number; nome: string };
  },
): Promise<{ counts: ChunkCounts; ids: Record<ImportMatchKind | "repetidas", string[]>; paidRegistrations: string[] }> {
  const { fresh, seen } = await insertNewLines(tx, input.importId, input.banco, input.lines);
  const repeats = fresh.length ? await earlierRepeats(tx, input.importId, fresh) : new Map();
  const matches = new Map<string, ImportMatch>();
  for (const l of fresh) {
    const earlier = repeats.get(l.id);
    matches.set(l.id, earlier ? { kind: "repetida", ...earlier } : input.match(l));
  }
  const { paidLines: paid, paidRegistrations } = await payCodedLines(tx, matches, fresh, input.actor);
  await markLines(tx, input.importId, matches);

  const kindOf = (id: string): ImportMatchKind => {
    if (paid.has(id)) return "paga";
    const kind = matches.get(id)!.kind;
    return kind === "ja_paga" ? "ja_paga" : kind === "nada" ? "nada" : "sugerida";
  };
  const ids: Record<ImportMatchKind | "repetidas", string[]> = {
    paga: [],
    sugerida: [],
    nada: [],
    ja_paga: [],
    repetidas: [],
  };
  for (const l of fresh) ids[kindOf(l.id)].push(l.id);
  if (seen.length)
    ids.repetidas = (
      await tx.query<{ id: string }>("SELECT id::text FROM extrato_linhas WHERE chave = ANY($1) ORDER BY id", [seen])
    ).map((r) => r.id);
  return {
    counts: {
      novas: fresh.length,
      paga: ids.paga.length,
      sugerida: ids.sugerida.length,
      nada: ids.nada.length,
      ja_paga: ids.ja_paga.length,
      repetidas: seen.length,
    },
    ids,
    paidRegistrations,
  };
}
