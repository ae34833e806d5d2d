import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { DB_KINDS, freshDatabaseEnv } from "../support/test-database";
import { openPglite } from "../../src/server/db/pglite/open-pglite";

const CLIENTS = 8;
const MIN_PER_CLIENT = 10;
const KILLS = 4;

interface Ack {
  key: string;
  id: string;
}

function body(n: number) {
  return {
    nome_completo: `Peregrino ${n}`,
    idade: 4 + (n % 60),
    numero_responsavel: `989${String(n).padStart(8, "0")}`,
    metodo_pagamento: n % 2 ? "PIX" : "ESPECIE",
    consentimento: true,
    responsavel_nome: "Maria Responsável",
    parentesco: "mae",
  };
}

describe.each(DB_KINDS)("registrations survive SIGKILL on %s", (kind) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabaseEnv(kind);
    env = { ...fresh.env, ADMIN_PASSWORD: "senha-de-teste-123", REGISTRATION_RATE_LIMIT: "100000" };
    cleanup = fresh.cleanup;
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it("keeps every acknowledged registration exactly once", async () => {
    let server: ServerProcess = await startServerProcess(env);
    let restarting: Promise<void> | null = null;
    const acks: Ack[] = [];
    let attempts = 0;
    let dropped = 0;
    let replays = 0;
    const replayed: { id: string; again: string }[] = [];

    // Each client submits its registrations; a dropped connection is retried with the same key.
    async function submit(n: number): Promise<void> {
      const key = randomUUID();
      for (;;) {
        if (restarting) await restarting;
        attempts++;
        try {
          const res = await fetch(`${server.baseUrl}/api/registrations`, {
            method: "POST",
            headers: { "content-type": "application/json", "idempotency-key": key },
            body: JSON.stringify(body(n)),
            signal: AbortSignal.timeout(10_000),
          });
          if (res.status !== 201) throw new Error(`status ${res.status}: ${await res.text()}`);
          const { id } = (await res.json()) as { id: string };
          acks.push({ key, id });
          // Now and then the client did not see the answer and sends again.
          if (n % 5 === 0) {
            const again = await fetch(`${server.baseUrl}/api/registrations`, {
              method: "POST",
              headers: { "content-type": "application/json", "idempotency-key": key },
              body: JSON.stringify(body(n)),
            }).catch(() => null);
            if (again?.status === 201) {
              replays++;
              // A kill while the replay's body arrives is no second acknowledgement: the body is then left unread.
              const body = (await again.json().catch(() => null)) as { id: string } | null;
              if (body) replayed.push({ id, again: body.id });
            }
          }
          return;
        } catch (err) {
          // Only a cut connection (fetch's TypeError) or a timed-out request is retried; anything else fails.
          if (!(err instanceof TypeError) && !(err instanceof Error && err.name === "TimeoutError")) throw err;
          dropped++;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    }

    // Clients keep submitting until the last kill, so kills land mid-request.
    let killerDone = false;
    let next = 0;
    const clients = Array.from({ length: CLIENTS }, () =>
      (async () => {
        for (let i = 0; i < MIN_PER_CLIENT || !killerDone; i++) await submit(next++);
      })(),
    );

    let kills = 0;
    const killer = (async () => {
      while (kills < KILLS) {
        await new Promise((r) => setTimeout(r, 150 + Math.random() * 400));
        let release!: () => void;
        restarting = new Promise((r) => (release = r));
        server.child.kill("SIGKILL");
        await server.exited;
        kills++;
        server = await startServerProcess(env, { port: server.port });
        restarting = null;
        release();
      }
      killerDone = true;
    })();

    await Promise.all([...clients, killer]);

    // A graceful stop after the storm: exit code 0.
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    expect(exit.code).toBe(0);

    const total = next;
    expect(acks).toHaveLength(total);
    expect(kills).toBe(KILLS);
    expect(dropped).toBeGreaterThan(0); // the kills really cut requests off

    const rows = await readRows(kind, env);
    const byKey = new Map(rows.map((r) => [r.idempotency_key, r]));
    expect(rows).toHaveLength(total);
    expect(byKey.size).toBe(total);
    for (const ack of acks) expect(byKey.get(ack.key)?.id).toBe(ack.id);
    // A replay answers with the first answer's id.
    expect(replays).toBeGreaterThan(0);
    expect(replayed.filter((r) => r.again !== r.id)).toEqual([]);
    console.info(
      `[${kind}] ${total} registrations acknowledged, ${rows.length} found exactly once after ${kills} SIGKILLs; ` +
        `${attempts} attempts, ${dropped} dropped connections retried, ${replays} replays answered with the same id`,
    );
  }, 240_000);
});

async function readRows(kind: string, env: Record<string, string>) {
  const sql = "SELECT id, idempotency_key FROM registrations";
  if (kind === "pglite") {
    const db = await openPglite({ dataDir: env.DATA_DIR, checkpointIntervalMs: 60_000 });
    try {
      // The lock was released by the graceful stop; amcheck-style sanity: the table scans and the index agrees.
      const rows = await db.query<{ id: string; idempotency_key: string }>(sql);
      const [viaIndex] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM registrations WHERE idempotency_key IS NOT NULL",
      );
      expect(viaIndex.n).toBe(rows.length);
      return rows;
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<{ id: string; idempotency_key: string }>(sql)).rows;
  } finally {
    await client.end();
  }
}
