import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import type { EditionsView, EditionTotals } from "../../src/shared/editions";
import { adminCookie, startAdminTestApp } from "../support/admin-login";
import { person } from "../support/api-fixtures";
import type { TestApp } from "../support/test-app";

/**
 * Two instances on one PostgreSQL (PGlite runs one transaction at a time, so
 * only PostgreSQL can race): visitors register on A and are marked paid while
 * B closes the edition, and a second coordinator on A closes it too.
 */
describe("closing an edition while another instance takes registrations and payments", () => {
  let a: TestApp;
  let b: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    a = await startAdminTestApp("postgres");
    dataDir = mkdtempSync(join(tmpdir(), "caravana-second-"));
    b = await startAdminTestApp("postgres", {
      env: { DATABASE_URL: a.config.DATABASE_URL!, DATA_DIR: dataDir, BACKUP_DIR: a.config.BACKUP_DIR },
    });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("every registration that got 201 is kept and counted in the old edition or lives in the new one; the second close gets 409 and writes no backup", async () => {
    const [cookieA, cookieB] = await Promise.all([adminCookie(a.app), adminCookie(b.app, "10.0.0.9")]);
    const asA = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: object) =>
      a.app.inject({ method, url, headers: { cookie: cookieA }, payload });
    await asA("PUT", "/api/form-status", { is_open: true });
    const before: string[] = [];
    for (let i = 0; i < 400; i++) {
      const data = person();
      const res = await a.app.inject({ method: "POST", url: "/api/registrations", payload: data });
      expect(res.statusCode).toBe(201);
      before.push(data.nome_completo);
    }
    const { atual } = (await asA("GET", "/api/editions")).json() as EditionsView;
    const backupsBefore = readdirSync(a.config.BACKUP_DIR).length;

    // Visitors keep registering on A, each marked paid at once, until the close has answered.
    const created: (RegistrationCreated & { nome_completo: string })[] = [];
    let closing = true;
    const visitors = Array.from({ length: 4 }, async () => {
      while (closing) {
        const data = person();
        const res = await a.app.inject({ method: "POST", url: "/api/registrations", payload: data });
        if (res.statusCode !== 201) continue;
        const reg = { ...(res.json() as RegistrationCreated), nome_completo: data.nome_completo };
        created.push(reg);
        await asA("PATCH", `/api/registrations/${reg.id}`, { status_pagamento: "confirmado" });
      }
    });
    const body = (nome: string) => ({
      edicao_id: atual.id,
      nome,
      levar: { onibus: true, equipe: true, configuracoes: true },
      dados: "guardar",
    });
    await new Promise((r) => setTimeout(r, 150));
    const [first, second] = await Promise.all([
      b.app.inject({
        method: "POST",
        url: "/api/editions/close",
        headers: { cookie: cookieB },
        payload: body("JDJ 2026"),
      }),
      new Promise((r) => setTimeout(r, 30)).then(() => asA("POST", "/api/editions/close", body("JDJ 2027"))),
    ]);
    await new Promise((r) => setTimeout(r, 300));
    closing = false;
    await Promise.all(visitors);

    // Whichever instance claims the close first closes it; the other is told so.
    expect([first.statusCode, second.statusCode].sort(), `${first.body} ${second.body}`).toEqual([200, 409]);
    expect(created.length).toBeGreaterThan(10);

    const [closed] = await a.db.query<{ totais: EditionTotals }>("SELECT totais FROM edicoes WHERE id = $1", [
      atual.id,
    ]);
    const kept = new Set(
      (await a.db.query<{ id: string }>("SELECT id::text FROM edicao_inscricoes WHERE edicao_id = $1", [atual.id])).map(
        (r) => r.id,
      ),
    );
    const live = new Set((await a.db.query<{ id: string }>("SELECT id::text FROM registrations")).map((r) => r.id));
    const lost = created.filter((r) => !kept.has(r.id) && !live.has(r.id));
    expect(lost.map((r) => r.referencia)).toEqual([]);
    const t = closed.totais.inscricoes;
    expect(t.vaga + t.espera + t.desistente).toBe(kept.size);
    const used = new Set(
      (await a.db.query<{ referencia: string }>("SELECT referencia FROM referencias_usadas")).map((r) => r.referencia),
    );
    const keptRefs = created.filter((r) => kept.has(r.id)).filter((r) => !used.has(r.referencia));
    expect(keptRefs).toEqual([]);

    // When the kept list's days end, no entry of the old edition's log still names anyone of it.
    await a.db.query("UPDATE edicoes SET dados_ate = now() - interval '1 day' WHERE id = $1", [atual.id]);
    expect((await asA("GET", "/api/editions")).statusCode).toBe(200);
    // The 400 made before the race, and those of the race that landed in the old edition.
    const keptNames = [...before, ...created.filter((r) => kept.has(r.id)).map((r) => r.nome_completo)];
    const named = await a.db.query<{ resumo: string; em: string; tipo: string }>(
      `SELECT resumo, em::text, tipo FROM activity_log
       WHERE (coalesce(resumo, '') || coalesce(antes::text, '') || coalesce(depois::text, '')) LIKE ANY ($1::text[])`,
      [keptNames.map((n) => `%${n}%`)],
    );
    expect(named).toEqual([]);
    expect(readdirSync(a.config.BACKUP_DIR).length - backupsBefore).toBe(1);
  }, 120_000);
});
