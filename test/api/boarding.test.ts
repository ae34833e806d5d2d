import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect } from "vitest";
import {
  BOARDING_MESSAGES,
  type BoardingList,
  type Mark,
  type MarksResult,
  MARKS_PER_BATCH,
} from "../../src/shared/boarding";
import type { BusSaved } from "../../src/shared/seats";
import { type AdminSession, apiTest } from "../support/api-fixtures";
import { openStream } from "../support/sse";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

/** This file's requests and checks, made with the Coordenação's session. */
function helpersFor(t: TestApp, admin: AdminSession["inject"]) {
  const addBus = async (nome: string, lugares: number) => {
    const res = await admin("POST", "/api/buses", { nome, lugares });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as BusSaved;
  };
  const list = async () => {
    const res = await admin("GET", "/api/boarding");
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BoardingList;
  };
  const mark = (inscricao_id: string, embarcou: boolean, feito_em = new Date(), viagem: Mark["viagem"] = "ida") => ({
    id: randomUUID(),
    inscricao_id,
    viagem,
    embarcou,
    feito_em: feito_em.toISOString(),
  });
  const send = async (marcas: Mark[]) => {
    const res = await admin("POST", "/api/boarding/marks", { marcas });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MarksResult;
  };
  const rows = () =>
    t.db.query<{ inscricao_id: string; viagem: string; embarcou: boolean }>(
      "SELECT inscricao_id, viagem, embarcou FROM embarques ORDER BY inscricao_id, viagem",
    );
  return { admin, addBus, list, mark, send, rows };
}

describe.each(DB_KINDS)("the roll call on %s", (kind) => {
  const test = apiTest(kind, { listen: true }).extend<{ h: ReturnType<typeof helpersFor> }>({
    h: async ({ t, adminSession }, use) => use(helpersFor(t, adminSession.inject)),
  });
  test("lists each bus's seated people by name, and who holds a pass without a seat", async ({
    t,
    register,
    adminSession: { cookie },
    h: { addBus, list },
  }) => {
    const bus1 = await addBus("Ônibus 1", 2);
    const zeca = await register({ nome_completo: "Zeca Souza", idade: 15 });
    const ana = await register({ nome_completo: "Ana Lima" });
    const bruno = await register({ nome_completo: "Bruno Reis" });
    const desistente = await register({ nome_completo: "Carla Dias" });
    await t.db.query("UPDATE registrations SET situacao = 'desistente' WHERE id = $1", [desistente.id]);

    const l = await list();
    expect(l.onibus).toEqual([{ id: bus1.onibus.id, nome: "Ônibus 1", lugares: 2, equipe_id: null }]);
    // Two seats: Bruno and Carla were in the waiting list, and Carla then cancelled.
    expect(l.passageiros.map((p) => p.nome_completo)).toEqual(["Ana Lima", "Zeca Souza"]);
    const z = l.passageiros.find((p) => p.id === zeca.id);
    expect(z).toMatchObject({
      idade: 15,
      onibus_id: bus1.onibus.id,
      ida: false,
      volta: false,
      referencia: zeca.referencia,
    });
    expect(l.passageiros[0].id).toBe(ana.id);
    expect(l.fora).toEqual(
      expect.arrayContaining([
        { referencia: bruno.referencia, nome_completo: "Bruno Reis", situacao: "espera" },
        { referencia: desistente.referencia, nome_completo: "Carla Dias", situacao: "desistente" },
      ]),
    );
    expect(Date.parse(l.agora)).toBeGreaterThan(Date.now() - 60_000);

    // A phone gets the same lists gzipped.
    const zipped = await t.app.inject({
      method: "GET",
      url: "/api/boarding",
      headers: { cookie, "accept-encoding": "gzip, br" },
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString("utf8")) as BoardingList;
    expect({ ...unzipped, agora: "" }).toEqual({ ...l, agora: "" });
  });

  test("puts the roll call's code and list in its page as preloads, and nothing more in the form's", async ({ t }) => {
    const page = await t.app.inject({ method: "GET", url: "/admin/embarque" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/boarding">');
    const modules = [...page.body.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+)">/g)].map((m) => m[1]);
    expect(modules.some((m) => m.startsWith("/assets/boarding-"))).toBe(true);
    for (const m of modules) expect((await t.app.inject({ method: "GET", url: m })).statusCode).toBe(200);
    // A style preload in the credentials mode of the stylesheet link Vite adds, or the browser fetches it twice.
    const styles = [...page.body.matchAll(/<link rel="preload" as="style"[^>]*>/g)].map((m) => m[0]);
    expect(styles.length).toBeGreaterThan(0);
    for (const link of styles) expect(link).toMatch(/ crossorigin /);
    const form = await t.app.inject({ method: "GET", url: "/" });
    expect(form.body).not.toContain("preload");
    expect((await t.app.inject({ method: "GET", url: "/route-preloads.json" })).statusCode).not.toBe(200);
  });

  test("counts a mark sent twice, or by two phones, once; the later of a mark and an undo wins in any order", async ({
    t,
    register,
    h: { addBus, mark, send, rows },
  }) => {
    await addBus("Ônibus 1", 10);
    const ana = await register({ nome_completo: "Ana Lima" });
    const m = mark(ana.id, true);
    const first = await send([m]);
    const replay = await send([m]);
    expect(first).toEqual({ recebidas: [m.id], recusadas: [], estado: [{ id: ana.id, ida: true, volta: false }] });
    expect(replay.recebidas).toEqual([m.id]);
    // A second phone marks the same person.
    await send([mark(ana.id, true)]);
    expect(await rows()).toEqual([{ inscricao_id: ana.id, viagem: "ida", embarcou: true }]);

    // An undo made at 10:00:05 on one phone arrives first; the mark made at 10:00:01 on another arrives later.
    await t.db.query("UPDATE registrations SET created_at = now() - interval '1 hour'");
    const t0 = Date.now() - 60_000;
    const undo = await send([mark(ana.id, false, new Date(t0 + 5000), "volta")]);
    expect(undo.estado).toEqual([{ id: ana.id, ida: true, volta: false }]);
    const late = await send([mark(ana.id, true, new Date(t0 + 1000), "volta")]);
    expect(late.recebidas).toHaveLength(1);
    expect(late.estado).toEqual([{ id: ana.id, ida: true, volta: false }]);
    // In one batch the order inside it does not matter either.
    const both = await send([
      mark(ana.id, true, new Date(t0 + 9000), "volta"),
      mark(ana.id, false, new Date(t0 + 8000), "volta"),
    ]);
    expect(both.estado).toEqual([{ id: ana.id, ida: true, volta: true }]);
    expect(await rows()).toEqual([
      { inscricao_id: ana.id, viagem: "ida", embarcou: true },
      { inscricao_id: ana.id, viagem: "volta", embarcou: true },
    ]);
  });

  test("refuses a mark dated more than a few minutes ahead, and a replay of any mark changes nothing", async ({
    register,
    h: { addBus, mark, send, rows },
  }) => {
    await addBus("Ônibus 1", 10);
    const ana = await register({ nome_completo: "Ana Lima" });
    // A phone whose clock runs in 2999: refused, with why, every time it is sent.
    const ahead = mark(ana.id, true, new Date("2999-01-01T00:00:00Z"));
    for (let i = 0; i < 2; i++) {
      const result = await send([ahead]);
      expect(result.recebidas).toEqual([]);
      expect(result.recusadas).toEqual([{ id: ahead.id, mensagem: BOARDING_MESSAGES.inTheFuture("Ana Lima") }]);
    }
    expect(await rows()).toEqual([]);

    // A mark a minute ahead (a clock slightly fast) counts with its own time.
    const fast = mark(ana.id, true, new Date(Date.now() + 60_000));
    expect((await send([fast])).recebidas).toEqual([fast.id]);
    // A colleague undoes it later; the fast mark replayed from its queue after that changes nothing.
    const undo = mark(ana.id, false, new Date(Date.now() + 120_000));
    expect((await send([undo])).estado).toEqual([{ id: ana.id, ida: false, volta: false }]);
    const replay = await send([fast]);
    expect(replay.recebidas).toEqual([fast.id]);
    expect(replay.estado).toEqual([{ id: ana.id, ida: false, volta: false }]);
    expect(await rows()).toEqual([{ inscricao_id: ana.id, viagem: "ida", embarcou: false }]);
  });

  test("answers a time with an offset no zone has with a 400, and takes the rest of a queue", async ({
    register,
    h: { admin, addBus, mark, send },
  }) => {
    await addBus("Ônibus 1", 10);
    const ana = await register({ nome_completo: "Ana Lima" });
    const bad = { ...mark(ana.id, true), feito_em: "2025-08-16T08:01:02-23:59" };
    const res = await admin("POST", "/api/boarding/marks", { marcas: [bad] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: BOARDING_MESSAGES.invalid });
    const local = { ...mark(ana.id, true), feito_em: new Date().toISOString().replace("Z", "+00:00") };
    expect((await send([local])).recebidas).toEqual([local.id]);
  });

  test("refuses a mark for someone waiting, cancelled or unknown, and marks nobody", async ({
    register,
    h: { addBus, mark, send, rows },
  }) => {
    await addBus("Ônibus 1", 1);
    const ana = await register({ nome_completo: "Ana Lima" });
    const bruno = await register({ nome_completo: "Bruno Reis" });
    const ghost = randomUUID();
    const ok = mark(ana.id, true);
    const waiting = mark(bruno.id, true);
    const unknown = mark(ghost, true);
    const result = await send([ok, waiting, unknown]);
    expect(result.recebidas).toEqual([ok.id]);
    expect(result.recusadas).toEqual(
      expect.arrayContaining([
        { id: waiting.id, mensagem: BOARDING_MESSAGES.notSeated("Bruno Reis") },
        { id: unknown.id, mensagem: BOARDING_MESSAGES.notFound },
      ]),
    );
    expect(await rows()).toEqual([{ inscricao_id: ana.id, viagem: "ida", embarcou: true }]);

    // A mark dated before the registration existed cannot be a real one.
    const early = mark(ana.id, false, new Date(Date.now() - 24 * 3600_000));
    const before = await send([early]);
    expect(before.recusadas).toEqual([{ id: early.id, mensagem: BOARDING_MESSAGES.beforeRegistration("Ana Lima") }]);
    expect(await rows()).toEqual([{ inscricao_id: ana.id, viagem: "ida", embarcou: true }]);
  });

  test("takes a queue of 200 marks in one request, and refuses a batch over the limit or a malformed mark", async ({
    t,
    register,
    h: { admin, addBus, mark, send },
  }) => {
    await addBus("Ônibus 1", 100);
    const people = await Promise.all(Array.from({ length: 100 }, (_, i) => register({ nome_completo: `Pessoa ${i}` })));
    const marks = people.flatMap((p) => [mark(p.id, true), mark(p.id, true, new Date(), "volta")]);
    const started = performance.now();
    const result = await send(marks);
    const elapsed = performance.now() - started;
    expect(result.recebidas).toHaveLength(200);
    expect(result.estado.every((s) => s.ida && s.volta)).toBe(true);
    expect(elapsed).toBeLessThan(3000);
    const [{ n }] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM embarques WHERE embarcou");
    expect(n).toBe(200);

    const tooMany = Array.from({ length: MARKS_PER_BATCH + 1 }, () => mark(people[0].id, true));
    const refused = await admin("POST", "/api/boarding/marks", { marcas: tooMany });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: BOARDING_MESSAGES.tooMany });
    const bad = await admin("POST", "/api/boarding/marks", {
      marcas: [{ ...mark(people[0].id, true), viagem: "ida-e-volta" }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: BOARDING_MESSAGES.invalid });
  });

  test("records cash at the door once, keeps a PIX already confirmed, and refuses someone without a seat", async ({
    t,
    register,
    h: { admin, addBus },
  }) => {
    await addBus("Ônibus 1", 2);
    const ana = await register({ nome_completo: "Ana Lima" });
    const bia = await register({ nome_completo: "Bia Melo" });
    const caio = await register({ nome_completo: "Caio Nunes" });
    const cash = await admin("POST", "/api/boarding/cash", { inscricao_id: ana.id });
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json()).toMatchObject({ id: ana.id, status_pagamento: "confirmado" });
    const again = await admin("POST", "/api/boarding/cash", { inscricao_id: ana.id });
    expect(again.statusCode).toBe(200);
    await admin("PATCH", `/api/registrations/${bia.id}`, { status_pagamento: "confirmado" });
    await admin("POST", "/api/boarding/cash", { inscricao_id: bia.id });
    const methods = await t.db.query<{ id: string; metodo_pagamento: string; status_pagamento: string }>(
      "SELECT id, metodo_pagamento, status_pagamento FROM registrations WHERE id = ANY($1) ORDER BY nome_completo",
      [[ana.id, bia.id]],
    );
    expect(methods).toEqual([
      { id: ana.id, metodo_pagamento: "ESPECIE", status_pagamento: "confirmado" },
      { id: bia.id, metodo_pagamento: "PIX", status_pagamento: "confirmado" },
    ]);
    const waiting = await admin("POST", "/api/boarding/cash", { inscricao_id: caio.id });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({ error: BOARDING_MESSAGES.notSeated("Caio Nunes") });
    const unknown = await admin("POST", "/api/boarding/cash", { inscricao_id: randomUUID() });
    expect(unknown.statusCode).toBe(404);
  });

  test("refuses marks and cash sent as someone no longer logged in on the phone, and writes nothing", async ({
    t,
    register,
    adminSession: { member },
    h: { admin, addBus, mark, rows },
  }) => {
    await addBus("Ônibus 1", 10);
    const ana = await register({ nome_completo: "Ana Lima" });
    // A page left open while another person logged in still sends as the first one.
    const stale = await admin("POST", "/api/boarding/marks", { marcas: [mark(ana.id, true)], como: "maria.antiga" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: BOARDING_MESSAGES.otherPerson });
    const staleCash = await admin("POST", "/api/boarding/cash", { inscricao_id: ana.id, como: "maria.antiga" });
    expect(staleCash.statusCode).toBe(409);
    expect(staleCash.json()).toEqual({ error: BOARDING_MESSAGES.otherPerson });
    expect(await rows()).toEqual([]);
    const [unpaid] = await t.db.query<{ status_pagamento: string }>(
      "SELECT status_pagamento FROM registrations WHERE id = $1",
      [ana.id],
    );
    expect(unpaid.status_pagamento).toBe("pendente");
    // Sent as the person logged in, they are written.
    const own = await admin("POST", "/api/boarding/marks", { marcas: [mark(ana.id, true)], como: member.login });
    expect(own.statusCode, own.body).toBe(200);
    expect(await rows()).toEqual([{ inscricao_id: ana.id, viagem: "ida", embarcou: true }]);
    const ownCash = await admin("POST", "/api/boarding/cash", { inscricao_id: ana.id, como: member.login });
    expect(ownCash.statusCode, ownCash.body).toBe(200);
  });

  test("tells admin streams who boarded, with ids only, within a second", async ({
    t,
    register,
    adminSession: { cookie },
    h: { addBus, mark, send },
  }) => {
    await addBus("Ônibus 1", 10);
    const ana = await register({ nome_completo: "Ana Lima" });
    const stream = await openStream(`${t.baseUrl}/api/events`, cookie);
    const visitor = await openStream(`${t.baseUrl}/api/events`);
    const formOpen = (is_open: boolean) =>
      t.app.inject({ method: "PUT", url: "/api/form-status", headers: { cookie }, payload: { is_open } });
    try {
      await stream.until((events) => events.some((e) => e.event === "form-status"));
      const started = Date.now();
      await send([mark(ana.id, true)]);
      await stream.until((events) => events.some((e) => e.event === "boarding"), 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      const event = stream.events.find((e) => e.event === "boarding");
      expect(event?.data).toEqual({ marks: [{ id: ana.id, viagem: "ida", embarcou: true }] });
      expect(JSON.stringify(stream.events)).not.toContain("98988887777");
      // A stream's events keep the order of the changes: once the visitor hears of a change made after the
      // marks, it would already have heard of the marks.
      await visitor.until((events) => events.some((e) => e.event === "form-status"));
      const heard = visitor.events.length;
      expect((await formOpen(false)).statusCode).toBe(200);
      await visitor.until((events) => events.slice(heard).some((e) => e.event === "form-status"));
      expect(visitor.events.some((e) => e.event === "boarding")).toBe(false);
    } finally {
      // The next tests register through the form.
      expect((await formOpen(true)).statusCode).toBe(200);
      await stream.close();
      await visitor.close();
    }
  });

  test("exports who boarded on each trip, and forgets the marks of a deleted registration", async ({
    register,
    h: { admin, addBus, mark, send, rows },
  }) => {
    await addBus("Ônibus 1", 10);
    const ana = await register({ nome_completo: "Ana Lima" });
    const bia = await register({ nome_completo: "Bia Melo" });
    await send([mark(ana.id, true), mark(ana.id, true, new Date(), "volta"), mark(bia.id, true, new Date(), "volta")]);
    const csv = await admin("GET", "/api/registrations/export.csv?sort=nome");
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/)
      .map((l) => l.split(";").map((cell) => cell.replace(/^"|"$/g, "")));
    const header = lines[0];
    const ida = header.indexOf("Embarcou (ida)");
    const volta = header.indexOf("Embarcou (volta)");
    expect(ida).toBeGreaterThan(-1);
    expect(volta).toBeGreaterThan(-1);
    const cells = lines.slice(1);
    expect(cells.map((c) => [c[ida], c[volta]])).toEqual([
      ["Sim", "Sim"],
      ["Não", "Sim"],
    ]);
    await admin("DELETE", `/api/registrations/${ana.id}`);
    expect((await rows()).map((r) => r.inscricao_id)).toEqual([bia.id]);
  });
});
