import { rmSync } from "node:fs";
import { type CloseEdition, DATE_TO_BE_SET, EDITION_MESSAGES, type EditionChoices } from "../../shared/editions";
import type { EventSettings } from "../../shared/event-settings";
import type { AdminActor } from "../auth/session-repository";
import type { Database, Queryable } from "../db/database";
import { ConflictError, UnavailableError } from "../domain-errors";
import { writeBackup } from "../maintenance/backup-file";
import { anonymiseEditionLog } from "../activity/anonymise-log";
import { editionTotals } from "./edition-totals";
import { keepList } from "./kept-list";
import { setFlag } from "../db/transaction-flags";

export interface CloseEditionDeps {
  db: Database;
  /** The same database, naming the coordinator for the log (actorDatabase). */
  actorDb: Database;
  actor: Pick<AdminActor, "id" | "nome">;
  settings: EventSettings;
  defaults: EventSettings;
  backupDir: string;
  passphrase?: string;
  /** Between the backup and the transaction: the server's log names the file before anything changes. */
  onBackup?: (file: string) => Promise<void>;
}

/** Tables that hold one edition's people and money; emptied at the close (docs/decisions/038). */
export const EDITION_TABLES = [
  "registrations",
  "inscricao_acessos",
  "mensagem_linhas",
  "mensagem_listas",
  "receipts",
  "receipt_uploads",
  "embarques",
  "registration_duplicates",
  "pagamentos",
  "entregas_dinheiro",
  "reembolsos",
  "despesas",
  "extrato_linhas",
  "extrato_importacoes",
  "aviso_fila",
  "aviso_inscricoes",
  "aviso_assinaturas",
  "aviso_lembretes",
];

/** The tables a close keeps for the next edition, and why; test/api/table-lists.test.ts checks both lists. */
export const KEPT_ACROSS_EDITIONS: Record<string, string> = {
  activity_log: "the history, with each entry's edition",
  admin_users: "the team carries over",
  admin_sessions: "whoever closes stays logged in",
  app_settings: "the server's own keys",
  event_settings: "the settings carry over",
  form_settings: "the form, closed by the close itself",
  edicoes: "the editions themselves",
  edicao_inscricoes: "the closed edition's kept list",
  extrato_colunas: "each bank's CSV columns, mapped once",
  mensagem_textos: "the coordination's texts",
  onibus: "the buses, emptied",
  referencias_usadas: "a code is never given twice, across editions",
  login_attempts: "the login throttle",
  rate_limit_buckets: "the limits' counters",
  registration_counts: "kept by triggers (zero after the truncate)",
  registration_gram_counts: "kept by triggers (zero after the truncate)",
  registration_gram_log: "kept by triggers",
  waiting_count: "kept by triggers (zero after the truncate)",
  schema_definitions: "the database's own",
  schema_migrations: "the database's own",
};

async function openEdition(db: Queryable, lock = false) {
  const [row] = await db.query<{ id: number; aberta_em: Date | string }>(
    `SELECT id, aberta_em FROM edicoes WHERE encerrada_em IS NULL${lock ? " FOR UPDATE" : ""}`,
  );
  return row;
}

/**
 * Whether the new name is the current title's or a closed edition's, and whether the current
 * title is a closed edition's: compared as the unique index does (caravana_fold, outer spaces aside).
 */
async function namesTaken(db: Queryable, name: string, currentTitle: string) {
  const [row] = await db.query<{ nova: boolean; atual: boolean }>(
    `WITH fechadas AS (SELECT caravana_fold(btrim(nome)) AS nome FROM edicoes WHERE encerrada_em IS NOT NULL)
     SELECT caravana_fold(btrim($1)) = caravana_fold(btrim($2))
              OR EXISTS (SELECT 1 FROM fechadas WHERE nome = caravana_fold(btrim($1))) AS nova,
            EXISTS (SELECT 1 FROM fechadas WHERE nome = caravana_fold(btrim($2))) AS atual`,
    [name, currentTitle],
  );
  return row;
}

async function refuseBadClose(db: Queryable, input: CloseEdition, currentTitle: string, lock = false) {
  const open = await openEdition(db, lock);
  if (!open || open.id !== input.edicao_id) throw new ConflictError(EDITION_MESSAGES.alreadyClosed);
  const taken = await namesTaken(db, input.nome, currentTitle);
  if (taken.nova) throw new ConflictError(EDITION_MESSAGES.nameTaken(input.nome));
  if (taken.atual) throw new ConflictError(EDITION_MESSAGES.currentNameTaken(currentTitle));
  return open;
}

/** A close under way on this instance: a second click gets a ConflictError before writing a backup of its own. */
const closing = new WeakSet<Database>();

/**
 * "Encerrar edição": a backup first, then one transaction that keeps the
 * totals (and the list, when asked), empties the edition's tables, carries
 * over what was ticked and opens the next edition with the form closed.
 * The open edition's row is locked, so a second click or a second coordinator
 * finds it closed (and a second instance's backup is removed); a crash leaves
 * the edition as it was.
 */
export async function closeEdition(deps: CloseEditionDeps, input: CloseEdition) {
  const { db, settings } = deps;
  await refuseBadClose(db, input, settings.titulo);
  if (closing.has(db)) throw new ConflictError(EDITION_MESSAGES.closing);
  closing.add(db);
  try {
    let backup: string;
    try {
      backup = (await writeBackup(db, { dir: deps.backupDir, passphrase: deps.passphrase })).file;
    } catch (err) {
      throw new UnavailableError(
        EDITION_MESSAGES.backupFailed((err as NodeJS.ErrnoException).code ?? "erro de escrita"),
      );
    }
    await deps.onBackup?.(backup);
    try {
      await withEditionLocked(deps.actorDb, async (tx) => {
        const open = await refuseBadClose(tx, input, settings.titulo, true);
        await closeInTransaction(tx, deps, input, open, backup);
      });
    } catch (err) {
      // Another instance closed the edition while this backup was written: it is a copy of nothing new.
      if (err instanceof ConflictError) rmSync(backup, { force: true });
      throw err;
    }
    return backup;
  } finally {
    closing.delete(db);
  }
}

const LOCK_NOT_AVAILABLE = "55P03";
const DEADLOCK = "40P01";

/**
 * A transaction that first takes the edition's tables: nothing may change them
 * between the totals and their TRUNCATE, so a registration or a payment from
 * another instance waits, then lands in the new edition (decision 039). The
 * locks are tried without waiting, a few times a second for ten seconds, so the
 * close never holds one table while waiting for another (no deadlock with a
 * writer that takes them in another order); after that it waits its turn.
 */
async function withEditionLocked<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const patientFrom = Date.now() + 10_000;
  for (let attempt = 0; ; attempt++) {
    const patient = Date.now() >= patientFrom;
    try {
      return await db.transaction(async (tx) => {
        await tx.query(`LOCK TABLE ${EDITION_TABLES.join(", ")} IN EXCLUSIVE MODE${patient ? "" : " NOWAIT"}`);
        return fn(tx);
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      const retry = code === LOCK_NOT_AVAILABLE || (code === DEADLOCK && attempt < 20);
      if (!retry) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}

/**
 * The close's transaction, top to bottom, once the edition's tables are locked.
 * Its moment is taken after the lock, not at the transaction's start: a
 * registration committed between the two is this edition's, and so is its log.
 */
async function closeInTransaction(
  tx: Queryable,
  deps: CloseEditionDeps,
  input: CloseEdition,
  open: { id: number; aberta_em: Date | string },
  backup: string,
) {
  const [{ closedAt }] = await tx.query<{ closedAt: Date | string }>('SELECT clock_timestamp() AS "closedAt"');
  const totals = await editionTotals(tx);
  const keep = input.dados === "guardar";
  if (keep) await keepList(tx, open.id, deps.settings.fuso_horario);
  const people = keep ? [] : await tx.query<{ nome_completo: string }>("SELECT nome_completo FROM registrations");
  await recordReferences(tx);
  await emptyEditionTables(tx);
  if (!keep)
    await anonymiseEditionLog(
      tx,
      people.map((p) => p.nome_completo),
      { from: open.aberta_em, to: closedAt },
    );
  await carryOver(tx, deps, input);
  await closeAndOpenNext(tx, deps, input, { id: open.id, closedAt, totals, keep, backup });
}

/** Every reference given out, so no later edition gives one again. */
async function recordReferences(tx: Queryable) {
  await tx.query(
    "INSERT INTO referencias_usadas SELECT referencia FROM registrations WHERE referencia IS NOT NULL ON CONFLICT DO NOTHING",
  );
}

/** The edition's people and money go; from here on the close's own deletions are no entries of the log. */
async function emptyEditionTables(tx: Queryable) {
  await setFlag(tx, "caravana.encerrando", "on");
  await tx.query(`TRUNCATE ${EDITION_TABLES.join(", ")}`);
}

/** What was ticked: buses (emptied) or none, the team or only the closing coordinator and the principal account, the settings or the environment's. */
async function carryOver(tx: Queryable, deps: CloseEditionDeps, input: CloseEdition) {
  await tx.query(input.levar.onibus ? "UPDATE onibus SET ocupados = 0" : "DELETE FROM onibus");
  // The principal account is the server's own (ADMIN_PASSWORD): it always stays.
  if (!input.levar.equipe) await tx.query("DELETE FROM admin_users WHERE id <> $1 AND NOT principal", [deps.actor.id]);
  if (!input.levar.configuracoes) {
    await tx.query(
      `UPDATE event_settings e SET valor = d.v, origem = 'ambiente', atualizado_em = now()
       FROM jsonb_each($1::jsonb) AS d(k, v) WHERE e.chave = d.k AND e.origem = 'painel'`,
      [JSON.stringify(deps.defaults)],
    );
  }
  await tx.query(
    `INSERT INTO event_settings (chave, valor, origem)
     SELECT k, v, 'painel' FROM jsonb_each($1::jsonb) AS e(k, v)
     ON CONFLICT (chave) DO UPDATE SET valor = EXCLUDED.valor, origem = 'painel', atualizado_em = now()`,
    [
      JSON.stringify({
        titulo: input.nome,
        data: input.data || DATE_TO_BE_SET,
        ...(input.edicao_numero ? { edicao_numero: input.edicao_numero } : {}),
        ...(input.ano ? { ano: input.ano } : {}),
      }),
    ],
  );
  await tx.query("UPDATE form_settings SET is_open = false, updated_at = now()");
}

/** The edition closes with its totals and choices (edicoes_log writes it), and the next one opens. */
async function closeAndOpenNext(
  tx: Queryable,
  deps: CloseEditionDeps,
  input: CloseEdition,
  closing: { id: number; closedAt: Date | string; totals: unknown; keep: boolean; backup: string },
) {
  const choices: EditionChoices = { nova: input.nome, ...input.levar, dados: input.dados, dias: input.dias };
  await tx.query(
    `UPDATE edicoes SET nome = $2, data = $3, encerrada_em = $10, encerrada_por = $4, escolhas = $5, totais = $6,
       dados_ate = CASE WHEN $7 THEN $10::timestamptz + make_interval(days => $8) END,
       dados_apagados_em = CASE WHEN $7 THEN NULL ELSE now() END, backup = $9
     WHERE id = $1`,
    [
      closing.id,
      deps.settings.titulo,
      deps.settings.data,
      deps.actor.nome,
      JSON.stringify(choices),
      JSON.stringify(closing.totals),
      closing.keep,
      input.dias,
      closing.backup,
      closing.closedAt,
    ],
  );
  await tx.query("INSERT INTO edicoes (nome) VALUES ($1)", [input.nome]);
}
