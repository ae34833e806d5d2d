import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database";
import { schemaDoc } from "../../src/server/db/schema-doc";
import { TRANSACTION_FLAGS } from "../../src/server/db/transaction-flags";
import { CLOSE_EMPTIES, DOCUMENTED_ACTIONS } from "../../src/server/db/schema-doc-actions";
import { chain, readCatalog, setList } from "../../src/server/db/schema-doc-events";
import { NAMED_SQL, releaseSql } from "../../src/server/deadlines/release-expired";
import { PAY_REGISTRATIONS_SQL } from "../../src/server/finance/pay-from-statement";
import { GIVE_UP_SQL } from "../../src/server/my-registration/give-up-registration";
import { SET_PAYMENT_STATUS_SQL } from "../../src/server/payments/payment-actions";
import { MOVE_SEAT_SQL } from "../../src/server/seats/seat-moves";
import { EDITION_TABLES } from "../../src/server/editions/close-edition";
import { DB_KINDS, useFreshDatabase } from "../support/test-database";

const DOC = join(import.meta.dirname, "../../docs/schema.md");

describe("transaction flags", () => {
  it("are set only through db/transaction-flags.ts, so each one set is one listed in docs/schema.md", () => {
    const root = join(import.meta.dirname, "../../src/server");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => /\.ts$/.test(f));
    const raw = files.filter(
      (f) => !f.endsWith("transaction-flags.ts") && /set_config\s*\(/.test(readFileSync(join(root, f), "utf8")),
    );
    expect(raw).toEqual([]);
    const doc = readFileSync(DOC, "utf8");
    for (const flag of Object.keys(TRANSACTION_FLAGS)) expect(doc).toContain(`| \`${flag}\` |`);
  });
});

/** Each documented action's write to registrations, as its module runs it, with parameters for one seated row. */
const MODULE_WRITES: { action: number; sql: string; params: (id: string) => unknown[]; prepare?: string }[] = [
  { action: 0, sql: GIVE_UP_SQL, params: (id) => [id] },
  { action: 1, sql: SET_PAYMENT_STATUS_SQL, params: (id) => [id, "confirmado"] },
  { action: 2, sql: MOVE_SEAT_SQL, params: (id) => [id, "espera", null] },
  {
    action: 3,
    sql: releaseSql(NAMED_SQL),
    params: (id) => [[id]],
    prepare: "UPDATE registrations SET prazo_pagamento = now() - interval '30 days' WHERE situacao = 'vaga'",
  },
  { action: 4, sql: PAY_REGISTRATIONS_SQL, params: (id) => [[id]] },
];

const registrationsUpdate = (action: number) =>
  DOCUMENTED_ACTIONS[action].writes.find((w) => w.table === "registrations" && w.event === "UPDATE");

describe("the actions docs/schema.md follows", () => {
  it("name modules that exist, and the close empties the tables close-edition.ts empties", () => {
    for (const a of DOCUMENTED_ACTIONS)
      expect(existsSync(join(import.meta.dirname, "../../src/server", a.module))).toBe(true);
    expect(CLOSE_EMPTIES).toEqual(EDITION_TABLES);
  });

  it("name the columns each module's write really sets, so the chain is the one that fires", () => {
    for (const { action, sql } of MODULE_WRITES)
      expect([...(registrationsUpdate(action)?.columns ?? [])].sort(), DOCUMENTED_ACTIONS[action].title).toEqual(
        setList(sql).sort(),
      );
  });
});

/** The trigger functions a statement really ran, read from PostgreSQL's own counters; the statement is rolled back. */
const ROLLBACK = new Error("rollback");

async function functionsRun(db: Database, sql: string, params: unknown[] = [], prepare?: string): Promise<string[]> {
  let ran: string[] = [];
  await db
    .transaction(async (tx) => {
      if (prepare) await tx.exec(prepare);
      await tx.exec("SET LOCAL track_functions = 'all'");
      // Counters not yet flushed carry over from earlier transactions: what this statement added is the difference.
      const calls = async () =>
        new Map(
          (
            await tx.query<{ funcname: string; calls: number }>(
              "SELECT funcname, calls FROM pg_stat_xact_user_functions",
            )
          ).map((r) => [r.funcname, Number(r.calls)]),
        );
      const before = await calls();
      await tx.query(sql, params);
      ran = [...(await calls())].filter(([fn, n]) => n > (before.get(fn) ?? 0)).map(([fn]) => fn);
      throw ROLLBACK;
    })
    .catch((err) => {
      // Only the rollback asked for above: a statement that failed must fail the test, not run nothing.
      if (err !== ROLLBACK) throw err;
    });
  return ran;
}

for (const kind of DB_KINDS) {
  describe(`docs/schema.md on ${kind}`, () => {
    let db: Database;
    useFreshDatabase(kind, (d) => {
      db = d;
    });

    it("is what the migrated database says (run npm run schema:doc after changing a migration)", async () => {
      expect(await schemaDoc(db), "docs/schema.md está desatualizado: rode npm run schema:doc").toBe(
        readFileSync(DOC, "utf8"),
      );
    });

    it("stays the same when the functions are defined again in another order", async () => {
      // A function file applied again moves the function's row in pg_proc: the doc must not depend on where rows lie.
      const defs = await db.query<{ def: string }>(
        `SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname = 'public' AND p.prokind = 'f'
           AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
         ORDER BY p.proname DESC`,
      );
      expect(defs.length).toBeGreaterThan(50);
      for (const { def } of defs) await db.exec(def);
      expect(await schemaDoc(db)).toBe(readFileSync(DOC, "utf8"));
    });

    it("follows an action to every trigger it really fires", async () => {
      await db.exec(`DELETE FROM registrations; DELETE FROM onibus;
        INSERT INTO onibus (nome, lugares, ordem) VALUES ('Ônibus 1', 1, 1);
        INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, created_at)
        VALUES ('Ana Sentada', 20, '98988887777', 'PIX', now() - interval '1 minute'),
               ('Bia Esperando', 20, '98988886666', 'PIX', now());`);
      const catalog = await readCatalog(db);
      const triggerFunctions = new Set(catalog.triggers.map((t) => t.fn));
      const [{ id: seated }] = await db.query<{ id: string }>(
        "SELECT id FROM registrations WHERE nome_completo = 'Ana Sentada'",
      );
      // Each module's own statement, so a column it names for the triggers' sake is followed too.
      for (const run of MODULE_WRITES) {
        const ran = (await functionsRun(db, run.sql, run.params(seated), run.prepare)).filter((f) =>
          triggerFunctions.has(f),
        );
        expect(ran.length).toBeGreaterThan(3);
        const documented = DOCUMENTED_ACTIONS[run.action].writes.flatMap((w) => chain(catalog, w)).join("\n");
        for (const fn of ran) {
          const triggers = catalog.triggers.filter((t) => t.fn === fn).map((t) => t.name);
          expect(
            triggers.some((name) => documented.includes(name)),
            `${fn} ran in action ${run.action} and is not in its chain`,
          ).toBe(true);
        }
      }
      await db.exec("DELETE FROM registrations; DELETE FROM onibus;");
    });

    it("refuses a trigger or function that no migration describes", async () => {
      const refused = await db
        .transaction(async (tx) => {
          await tx.exec(`CREATE FUNCTION caravana_sem_descricao() RETURNS trigger LANGUAGE plpgsql AS $$
                         BEGIN RETURN NULL; END $$;
                         CREATE TRIGGER onibus_sem_descricao AFTER INSERT ON onibus
                         FOR EACH STATEMENT EXECUTE FUNCTION caravana_sem_descricao()`);
          const message = await schemaDoc(tx).then(
            () => "",
            (err: Error) => err.message,
          );
          throw Object.assign(new Error("rollback"), { message });
        })
        .catch((err: Error) => err.message);
      expect(refused).toContain("trigger onibus_sem_descricao on onibus");
      expect(refused).toContain("function caravana_sem_descricao()");
      expect((await db.query("SELECT 1 FROM pg_proc WHERE proname = 'caravana_sem_descricao'")).length).toBe(0);
    });

    it("refuses a flag that a trigger reads and db/transaction-flags.ts does not describe", async () => {
      const refused = await db
        .transaction(async (tx) => {
          await tx.exec(`CREATE FUNCTION caravana_flag_nova() RETURNS boolean LANGUAGE sql STABLE AS $$
                           SELECT current_setting('caravana.flag_nova', true) = 'on' $$;
                         COMMENT ON FUNCTION caravana_flag_nova() IS 'teste'`);
          const message = await schemaDoc(tx).then(
            () => "",
            (err: Error) => err.message,
          );
          throw Object.assign(new Error("rollback"), { message });
        })
        .catch((err: Error) => err.message);
      expect(refused).toBe("Flag sem descrição em db/transaction-flags.ts: caravana.flag_nova");
    });
  });
}
