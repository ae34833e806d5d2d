import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, test } from "vitest";
import type { CloseEditionResult, EditionsView } from "../../src/shared/editions";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/open-database";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { DB_KINDS, freshDatabaseEnv } from "../support/test-database";
import { quietLog } from "../support/quiet-log";

const PASSWORD = "senha-de-teste-do-encerramento";
const PEOPLE = 2000;
const WAITING_TRUNCATE =
  "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'TRUNCATE registrations%'";

/** Whether the close waits for the TRUNCATE's lock; pg_stat_activity is a snapshot inside a transaction unless cleared. */
async function truncateWaits(client: pg.Client): Promise<boolean> {
  await client.query("SELECT pg_stat_clear_snapshot()");
  return (await client.query(WAITING_TRUNCATE)).rowCount === 1;
}

/** Enough people that the close's transaction is still running when the server is killed. */
async function seed(env: Record<string, string>) {
  const db = await openDatabase(loadConfig({ NODE_ENV: "test", ...env }), quietLog);
  await db.query(
    `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento)
     SELECT 'Pessoa ' || i, 20 + i % 30, '9898' || lpad(i::text, 7, '0'), 'PIX' FROM generate_series(1, $1) AS i`,
    [PEOPLE],
  );
  await db.close();
}

async function login(server: ServerProcess): Promise<(path: string, init?: RequestInit) => Promise<Response>> {
  const res = await fetch(`${server.baseUrl}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    .split(";")[0];
  return (path, init = {}) =>
    fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: { cookie, origin: server.baseUrl, "content-type": "application/json", ...init.headers },
    });
}

describe.each(DB_KINDS)("a crash during the close on %s", (kind) => {
  test("leaves the edition as it was; the next close works", async () => {
    const fresh = await freshDatabaseEnv(kind);
    const backups = mkdtempSync(join(tmpdir(), "caravana-crash-backups-"));
    const env = { ...fresh.env, ADMIN_PASSWORD: PASSWORD, BACKUP_DIR: backups };
    let server: ServerProcess | undefined;
    let hold: pg.Client | undefined;
    try {
      await seed(env);
      server = await startServerProcess(env);
      let api = await login(server);
      const { atual } = (await (await api("/api/editions")).json()) as EditionsView;
      const body = JSON.stringify({
        edicao_id: atual.id,
        nome: "JDJ 2026",
        levar: { onibus: true, equipe: true, configuracoes: true },
        dados: "guardar",
      });
      if (kind === "postgres") {
        hold = new pg.Client({ connectionString: fresh.env.DATABASE_URL });
        await hold.connect();
        await hold.query("BEGIN; SELECT 1 FROM registrations LIMIT 1");
      }
      const answer = api("/api/editions/close", { method: "POST", body }).catch((err: Error) => err);

      const running = server;
      if (hold) {
        // PostgreSQL closes these rows faster than a kill arrives: the close waits for the TRUNCATE's lock, half-way.
        await expect.poll(() => truncateWaits(hold!), { timeout: 30_000, interval: 20 }).toBe(true);
      } else {
        // The server logs the backup just before the transaction begins: killed right there, as the line
        // arrives. A poll between two reads once came after the whole close had ended, on a busy machine.
        await new Promise<void>((resolve) => {
          const watch = () => {
            if (!running.output().includes("encerramento de edição: backup gravado")) return;
            running.child.stdout!.off("data", watch);
            running.child.kill("SIGKILL");
            resolve();
          };
          running.child.stdout!.on("data", watch);
          void running.exited.then(() => resolve());
        });
      }
      running.child.kill("SIGKILL");
      await hold?.query("ROLLBACK");
      await hold?.end();
      hold = undefined;
      expect((await running.exited).signal).toBe("SIGKILL");
      expect(await answer).toBeInstanceOf(Error);
      expect(readdirSync(backups)).toHaveLength(1);

      server = await startServerProcess(env);
      api = await login(server);
      const after = (await (await api("/api/editions")).json()) as EditionsView;
      expect(after.anteriores).toEqual([]);
      expect(after.atual).toMatchObject({ id: atual.id, inscricoes: PEOPLE });
      const form = (await (await api("/api/form-status")).json()) as { is_open: boolean };
      expect(form.is_open).toBe(true);

      const again = await api("/api/editions/close", { method: "POST", body });
      expect(again.status).toBe(200);
      const closed = (await again.json()) as CloseEditionResult;
      expect(closed.encerrada.totais.inscricoes.vaga).toBe(PEOPLE);
      expect(closed.encerrada.inscricoes_guardadas).toBe(PEOPLE);
      expect(closed.atual).toMatchObject({ nome: "JDJ 2026", inscricoes: 0 });
    } finally {
      await hold?.end();
      if (server) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
      await fresh.cleanup();
      rmSync(backups, { recursive: true, force: true });
    }
  }, 180_000);
});
