import { describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database";
import { openDatabase } from "../../src/server/db/open-database";
import { lendPglite } from "../support/lent-pglite";
import { freshDatabaseEnv } from "../support/test-database";
import { quietLog } from "../support/quiet-log";

/** Every row of every table, and every sequence's position: what a test could leave behind. */
async function contents(db: Database): Promise<Record<string, unknown>> {
  const tables = await db.query<{ t: string }>(
    "SELECT c.oid::regclass::text AS t FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' ORDER BY 1",
  );
  const out: Record<string, unknown> = {};
  for (const { t } of tables) {
    out[t] = (await db.query<{ j: string }>(`SELECT to_jsonb(x)::text AS j FROM ${t} x ORDER BY 1`)).map((r) => r.j);
  }
  out.sequences = await db.query(
    "SELECT sequencename, last_value::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1",
  );
  return out;
}

/** Each table's heap in bytes: a table emptied by DELETE keeps its dead rows' pages, one put back by TRUNCATE does not. */
async function heapSizes(db: Database): Promise<Record<string, number>> {
  const rows = await db.query<{ t: string; size: string }>(
    "SELECT c.oid::regclass::text AS t, pg_relation_size(c.oid)::text AS size FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'",
  );
  return Object.fromEntries(rows.map(({ t, size }) => [t, Number(size)]));
}

/**
 * The next test file in a worker gets the database the last one gave back
 * (test/support/lent-pglite.ts): it must be exactly a fresh copy, or files
 * would see each other's rows.
 */
describe("a PGlite lent from test file to test file", () => {
  it("comes back as a fresh copy: rows, settings, sequences, session and listeners", async () => {
    const fresh = await freshDatabaseEnv("pglite");
    const copy = await openDatabase({ DATA_DIR: fresh.env.DATA_DIR, CHECKPOINT_INTERVAL_MS: 60_000 }, quietLog);
    const migrated = await contents(copy);
    const migratedSizes = await heapSizes(copy);
    await copy.close();
    await fresh.cleanup();

    const first = await lendPglite();
    const heard: string[] = [];
    // Left listening, as a file that forgets to stop would.
    await first.db.listen("caravana_events", (payload) => heard.push(payload));
    await first.db.query(
      "INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento) VALUES ('Ana Lima', 20, '98988887777', 'PIX')",
    );
    await first.db.query("UPDATE form_settings SET is_open = true, updated_at = now()");
    await first.db.query("INSERT INTO onibus (nome, lugares, ordem) VALUES ('Ônibus 1', 12, 1)");
    // Written and emptied again: the table looks as migrated, and its dead rows would stay behind a DELETE.
    await first.db.query(
      "INSERT INTO despesas (descricao, valor_centavos, data, categoria, registrada_por_nome) VALUES ('Lanche', 1500, '2025-08-01', 'alimentacao', 'Tesoureira')",
    );
    await first.db.query("DELETE FROM despesas");
    await first.db.exec(
      "SELECT set_config('caravana.agora', '2025-08-16T20:00:00Z', false); CREATE TEMP TABLE rascunho (x int)",
    );
    expect(await contents(first.db)).not.toEqual(migrated);
    await first.giveBack();
    await expect(first.db.query("SELECT 1")).rejects.toThrow("este banco de teste já foi devolvido");

    const second = await lendPglite();
    expect(second.dataDir).toBe(first.dataDir);
    expect(await contents(second.db)).toEqual(migrated);
    expect(await heapSizes(second.db)).toEqual(migratedSizes);
    const [flag] = await second.db.query<{ agora: string | null }>(
      "SELECT current_setting('caravana.agora', true) AS agora",
    );
    expect(flag.agora ?? "").toBe("");
    await expect(second.db.query("SELECT * FROM rascunho")).rejects.toThrow(/rascunho/);
    const before = heard.length;
    await second.db.query("SELECT pg_notify('caravana_events', 'depois')");
    await second.db.query("SELECT 1");
    expect(heard.length).toBe(before);
    await second.giveBack();
  });

  it("is not lent again once a file changed its shape or closed it", async () => {
    const reshaped = await lendPglite();
    await reshaped.db.exec("ALTER TABLE registrations ADD COLUMN apelido text");
    await reshaped.giveBack();
    const next = await lendPglite();
    expect(next.dataDir).not.toBe(reshaped.dataDir);
    const [col] = await next.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'registrations' AND column_name = 'apelido'",
    );
    expect(col.n).toBe(0);

    await next.db.close();
    await next.giveBack();
    const after = await lendPglite();
    expect(after.dataDir).not.toBe(next.dataDir);
    await after.giveBack();
  });
});
