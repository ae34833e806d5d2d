import { describe, expect } from "vitest";
import type { RegistrationPage } from "../../src/shared/admin-api";
import type { PublicFormStatus, Registration } from "../../src/shared/api-types";
import { type BusSaved, SEAT_MESSAGES, type SeatOverview, type SeatPlace } from "../../src/shared/seats";
import { formClosedMessage } from "../../src/server/registrations/create-registration";
import { MOVED_MEANWHILE_MESSAGE, NO_WAITING_LIST_MESSAGE } from "../../src/server/seats/seat-moves";
import { type AdminSession, apiTest, person } from "../support/api-fixtures";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

/** This file's requests and checks, made with the Coordenação's session. */
function helpersFor(t: TestApp, admin: AdminSession["inject"]) {
  const addBus = async (nome: string, lugares: number) => {
    const res = await admin("POST", "/api/buses", { nome, lugares });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as BusSaved;
  };
  const overview = async () => (await admin("GET", "/api/buses")).json() as SeatOverview;
  const registration = async (id: string) => {
    const page = (await admin("GET", "/api/registrations?sort=antigos")).json() as RegistrationPage;
    const all = [page.items];
    for (let p = 2; p <= page.pageCount; p++)
      all.push(((await admin("GET", `/api/registrations?sort=antigos&page=${p}`)).json() as RegistrationPage).items);
    return all.flat().find((r) => r.id === id) as Registration;
  };
  const move = (id: string, de: SeatPlace, para: SeatPlace, confirmar?: boolean) =>
    admin("PUT", `/api/registrations/${id}/seat`, { de, para, ...(confirmar === undefined ? {} : { confirmar }) });
  /** Where everyone is, straight from the rows: the invariants every test ends with. */
  const seatsInDatabase = async () => {
    const buses = await t.db.query<{ id: string; lugares: number; ocupados: number; contados: number }>(
      `SELECT id, lugares, ocupados, (SELECT count(*)::int FROM registrations r WHERE r.onibus_id = o.id) AS contados
       FROM onibus o`,
    );
    for (const b of buses) {
      expect(b.ocupados).toBe(b.contados);
      expect(b.contados).toBeLessThanOrEqual(b.lugares);
    }
    const waiting = await t.db.query<{ id: string }>(
      "SELECT id FROM registrations WHERE situacao = 'espera' ORDER BY ordem_espera",
    );
    // Nobody waits while a seat is free.
    if (waiting.length > 0) for (const b of buses) expect(b.contados).toBe(b.lugares);
    // The kept count of those waiting (waiting_count) agrees with the rows.
    const [kept] = await t.db.query<{ n: number }>("SELECT n::int AS n FROM waiting_count");
    expect(kept.n).toBe(waiting.length);
    return { buses, waiting: waiting.map((w) => w.id) };
  };
  return { admin, addBus, overview, registration, move, seatsInDatabase };
}

describe.each(DB_KINDS)("seats and buses on %s", (kind) => {
  const test = apiTest(kind).extend<{ h: ReturnType<typeof helpersFor> }>({
    h: async ({ t, adminSession }, use) => use(helpersFor(t, adminSession.inject)),
  });
  test("with no bus there is no limit, exactly as before", async ({ t, register, h: { overview } }) => {
    const created = await register();
    expect(created).toMatchObject({ situacao: "vaga", onibus_nome: null, posicao_espera: null });
    const status = (await t.app.inject("/api/form-status")).json() as PublicFormStatus;
    expect(status.vagas).toMatchObject({ limitado: false, livres: 0, espera: 0 });
    expect(await overview()).toMatchObject({ onibus: [], lugares: 0, espera: 0 });
  });

  test("refuses a bad bus with a pt-BR message and keeps the data as it was", async ({
    h: { admin, addBus, overview },
  }) => {
    await addBus("Ônibus 1", 46);
    for (const lugares of [0, 101, 2.5, "abc", -3, null]) {
      const res = await admin("POST", "/api/buses", { nome: "Ônibus X", lugares });
      expect(res.statusCode, String(lugares)).toBe(400);
      expect(res.json()).toEqual({ error: SEAT_MESSAGES.seats });
    }
    expect((await admin("POST", "/api/buses", { nome: "  ", lugares: 10 })).json()).toEqual({
      error: SEAT_MESSAGES.nameRequired,
    });
    // The same name, whatever its accents and case.
    const dup = await admin("POST", "/api/buses", { nome: " onibus 1 ", lugares: 10 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: SEAT_MESSAGES.duplicateName });
    const second = await addBus("Ônibus 2", 10);
    const rename = await admin("PATCH", `/api/buses/${second.onibus.id}`, { nome: "ÔNIBUS 1", lugares: 10 });
    expect(rename.statusCode).toBe(409);
    const missing = await admin("PATCH", "/api/buses/00000000-0000-4000-8000-000000000000", {
      nome: "Ônibus 9",
      lugares: 10,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: SEAT_MESSAGES.busNotFound });
    expect((await overview()).onibus.map((b) => [b.nome, b.lugares])).toEqual([
      ["Ônibus 1", 46],
      ["Ônibus 2", 10],
    ]);
  });

  test("never oversells: 40 registrations at once against 10 seats seat exactly 10 and queue 30 in order", async ({
    t,
    register,
    h: { admin, addBus, seatsInDatabase },
  }) => {
    await addBus("Ônibus 1", 4);
    await addBus("Ônibus 2", 6);
    const answers = await Promise.all(Array.from({ length: 40 }, () => register()));
    const seated = answers.filter((a) => a.situacao === "vaga");
    const waiting = answers.filter((a) => a.situacao === "espera");
    expect(seated).toHaveLength(10);
    expect(waiting).toHaveLength(30);
    expect(waiting.map((a) => a.posicao_espera).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(seated.filter((a) => a.onibus_nome === "Ônibus 1")).toHaveLength(4);
    expect(seated.filter((a) => a.onibus_nome === "Ônibus 2")).toHaveLength(6);
    const { waiting: queue } = await seatsInDatabase();
    expect(queue).toHaveLength(30);
    // The list shows the same positions, 1..30 without gaps or repeats.
    const page = (await admin("GET", "/api/registrations?status=espera&sort=antigos")).json() as RegistrationPage;
    expect(page.total).toBe(30);
    const status = (await t.app.inject("/api/form-status")).json() as PublicFormStatus;
    expect(status.vagas).toMatchObject({ limitado: true, livres: 0, espera: 30 });
    expect(JSON.stringify(status)).not.toContain("Pessoa");
  });

  test("never oversells to concurrent statements either: 40 separate INSERTs on every pool connection", async ({
    t,
    h: { admin, addBus, seatsInDatabase },
  }) => {
    await addBus("Ônibus 1", 10);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.db.query(
          `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento)
           VALUES ($1, 20, '98988887777', 'PIX')`,
          [`Direta ${i}`],
        ),
      ),
    );
    const { buses, waiting } = await seatsInDatabase();
    expect(buses[0].contados).toBe(10);
    expect(waiting).toHaveLength(30);
    const page = (await admin("GET", "/api/registrations?status=espera&sort=antigos")).json() as RegistrationPage;
    const positions = [page.items];
    for (let p = 2; p <= page.pageCount; p++)
      positions.push(
        ((await admin("GET", `/api/registrations?status=espera&sort=antigos&page=${p}`)).json() as RegistrationPage)
          .items,
      );
    expect(
      positions
        .flat()
        .map((r) => r.posicao_espera)
        .sort((x, y) => (x ?? 0) - (y ?? 0)),
    ).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  test("a closed form still wins over the waiting list", async ({ t, register, h: { addBus, seatsInDatabase } }) => {
    await addBus("Ônibus 1", 1);
    await register();
    await t.db.query("UPDATE form_settings SET is_open = false, updated_at = now()");
    try {
      const res = await t.app.inject({ method: "POST", url: "/api/registrations", payload: person() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: formClosedMessage(t.config.EVENT_TITLE) });
      expect((await seatsInDatabase()).waiting).toHaveLength(0);
    } finally {
      await t.db.query("UPDATE form_settings SET is_open = true, updated_at = now()");
    }
  });

  test("a first bus seats those already registered in order, and sends the rest to the waiting list", async ({
    register,
    h: { addBus, registration, seatsInDatabase },
  }) => {
    const early = [];
    for (let i = 0; i < 5; i++) early.push(await register());
    const saved = await addBus("Ônibus 1", 3);
    expect(saved).toMatchObject({ para_espera: 2, promovidos: 0, onibus: { ocupados: 3, livres: 0 } });
    const places = await Promise.all(early.map((e) => registration(e.id)));
    expect(places.map((p) => p.situacao)).toEqual(["vaga", "vaga", "vaga", "espera", "espera"]);
    expect(places.slice(3).map((p) => p.posicao_espera)).toEqual([1, 2]);
    await seatsInDatabase();
  });

  test("a form sent again for someone already registered takes no seat, before and after a give-up", async ({
    t,
    register,
    h: { addBus, move, seatsInDatabase },
  }) => {
    const bus = (await addBus("Ônibus 1", 3)).onibus;
    const ana = person({ nome_completo: "Ana Repetida" });
    const first = await t.app.inject({ method: "POST", url: "/api/registrations", payload: ana });
    expect(first.statusCode, first.body).toBe(201);
    // The same person again: the INSERT's ON CONFLICT skips the row after its BEFORE trigger took a seat.
    const again = await t.app.inject({ method: "POST", url: "/api/registrations", payload: ana });
    expect(again.statusCode, again.body).toBe(409);
    await seatsInDatabase();
    const [b, c] = [await register(), await register()];
    const d = await register();
    expect(d.situacao).toBe("espera");
    await seatsInDatabase();
    const gone = await move(b.id, { situacao: "vaga", onibus_id: bus.id }, { situacao: "desistente", onibus_id: null });
    expect(gone.statusCode, gone.body).toBe(200);
    const { waiting } = await seatsInDatabase();
    expect(waiting).toEqual([]);
    expect(c.situacao).toBe("vaga");
  });

  test("promotes the first in line when a seat frees: delete, Desistente, enlarge, a new bus", async ({
    register,
    h: { admin, addBus, overview, registration, move, seatsInDatabase },
  }) => {
    const bus = (await addBus("Ônibus 1", 2)).onibus;
    const [a, b] = [await register(), await register()];
    const w = [await register(), await register(), await register(), await register()];
    expect(w.map((x) => x.posicao_espera)).toEqual([1, 2, 3, 4]);

    expect((await admin("DELETE", `/api/registrations/${a.id}`)).statusCode).toBe(204);
    expect(await registration(w[0].id)).toMatchObject({ situacao: "vaga", onibus_id: bus.id });
    expect((await registration(w[0].id)).promovido_em).not.toBeNull();
    expect((await registration(w[1].id)).posicao_espera).toBe(1);

    const cancel = await move(
      b.id,
      { situacao: "vaga", onibus_id: bus.id },
      { situacao: "desistente", onibus_id: null },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ situacao: "desistente", onibus_id: null });
    expect((await registration(w[1].id)).situacao).toBe("vaga");

    const enlarged = await admin("PATCH", `/api/buses/${bus.id}`, { nome: "Ônibus 1", lugares: 3 });
    expect(enlarged.json()).toMatchObject({ promovidos: 1, onibus: { lugares: 3, ocupados: 3 } });
    expect((await registration(w[2].id)).situacao).toBe("vaga");

    expect((await addBus("Ônibus 2", 5)).promovidos).toBe(1);
    expect((await registration(w[3].id)).onibus_nome).toBe("Ônibus 2");
    // A cancelled person stays listed, with its own filter, and comes back while a seat is free.
    const cancelled = (await admin("GET", "/api/registrations?status=desistente")).json() as RegistrationPage;
    expect(cancelled.items.map((r) => r.id)).toEqual([b.id]);
    const undo = await move(b.id, { situacao: "desistente", onibus_id: null }, { situacao: "vaga", onibus_id: null });
    expect(undo.statusCode).toBe(400); // a bus must be chosen
    const back = await move(
      b.id,
      { situacao: "desistente", onibus_id: null },
      { situacao: "vaga", onibus_id: (await overview()).onibus[1].id },
    );
    expect(back.json()).toMatchObject({ situacao: "vaga", onibus_nome: "Ônibus 2" });
    await seatsInDatabase();
  });

  test("refuses to shrink or remove a bus with people, saying how many to move; with no bus left, no limit", async ({
    t,
    register,
    h: { admin, addBus, overview, move },
  }) => {
    const bus = (await addBus("Ônibus 1", 3)).onibus;
    for (let i = 0; i < 5; i++) await register();
    const shrink = await admin("PATCH", `/api/buses/${bus.id}`, { nome: "Ônibus 1", lugares: 1 });
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json().error).toBe(
      "O Ônibus 1 tem 3 pessoas. Mova 2 pessoas para outro ônibus (ou marque como desistente) antes de reduzir para 1 lugares.",
    );
    const remove = await admin("DELETE", `/api/buses/${bus.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error).toContain("O Ônibus 1 tem 3 pessoas.");
    expect((await overview()).onibus[0]).toMatchObject({ lugares: 3, ocupados: 3 });
    // Even the database refuses, for psql too.
    await expect(t.db.query("UPDATE onibus SET lugares = 1")).rejects.toThrow(/onibus_sem_excesso/);
    await expect(
      t.db.query(
        `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, onibus_id)
         VALUES ('Furando a Fila', 20, '98988887777', 'PIX', $1)`,
        [bus.id],
      ),
    ).rejects.toThrow(/onibus_sem_excesso/);

    const seated = await t.db.query<{ id: string }>("SELECT id FROM registrations WHERE situacao = 'vaga'");
    for (const s of seated) {
      const res = await move(
        s.id,
        { situacao: "vaga", onibus_id: bus.id },
        { situacao: "desistente", onibus_id: null },
      );
      expect(res.statusCode).toBe(200);
    }
    // The two waiting took the freed seats; the bus still has people.
    expect((await overview()).espera).toBe(0);
    const promoted = await t.db.query<{ id: string }>("SELECT id FROM registrations WHERE situacao = 'vaga'");
    for (const s of promoted)
      await move(s.id, { situacao: "vaga", onibus_id: bus.id }, { situacao: "desistente", onibus_id: null });
    expect((await admin("DELETE", `/api/buses/${bus.id}`)).statusCode).toBe(204);
    expect((await register()).situacao).toBe("vaga");
    expect((await t.app.inject("/api/form-status")).json().vagas.limitado).toBe(false);
  });

  test("moves between buses, swaps with the waiting list only when confirmed, and refuses stale or impossible moves", async ({
    register,
    h: { admin, addBus, registration, move, seatsInDatabase },
  }) => {
    const one = (await addBus("Ônibus 1", 1)).onibus;
    const two = (await addBus("Ônibus 2", 1)).onibus;
    const a = await register();
    const b = await register();
    const c = await register({ nome_completo: "Carla Esperando" });
    expect(c.situacao).toBe("espera");
    const inOne = { situacao: "vaga" as const, onibus_id: one.id };
    const inTwo = { situacao: "vaga" as const, onibus_id: two.id };
    const waiting = { situacao: "espera" as const, onibus_id: null };

    const full = await move(a.id, inOne, inTwo);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe("O Ônibus 2 está lotado (1 lugares). Escolha outro ônibus.");

    const unconfirmed = await move(a.id, inOne, waiting);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toBe(
      "O lugar liberado vai para Carla Esperando, 1º da lista de espera. Confirme para mover.",
    );
    const swapped = await move(a.id, inOne, waiting, true);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json()).toMatchObject({ situacao: "espera", posicao_espera: 1 });
    expect(await registration(c.id)).toMatchObject({ situacao: "vaga", onibus_id: one.id });

    // The panel's view is old: someone else moved the person meanwhile.
    const stale = await move(a.id, inOne, { situacao: "desistente", onibus_id: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: MOVED_MEANWHILE_MESSAGE });

    // Nobody else waits once b leaves: a would come straight back, so "to the list" is refused.
    await move(b.id, inTwo, { situacao: "desistente", onibus_id: null });
    expect((await registration(a.id)).situacao).toBe("vaga");
    const pointless = await move(a.id, inTwo, waiting, true);
    expect(pointless.statusCode).toBe(409);
    expect(pointless.json()).toEqual({ error: NO_WAITING_LIST_MESSAGE });

    // Cancelling a deleted registration.
    await admin("DELETE", `/api/registrations/${b.id}`);
    const gone = await move(b.id, { situacao: "desistente", onibus_id: null }, { situacao: "vaga", onibus_id: two.id });
    expect(gone.statusCode).toBe(404);
    const bad = await admin("PUT", `/api/registrations/${a.id}/seat`, { para: { situacao: "sentado" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: SEAT_MESSAGES.moveInvalid });
    await seatsInDatabase();
  });

  test("two admins moving the same person at once: one move wins, the other is told, the seats stay right", async ({
    register,
    h: { addBus, move, seatsInDatabase },
  }) => {
    const one = (await addBus("Ônibus 1", 5)).onibus;
    const two = (await addBus("Ônibus 2", 5)).onibus;
    const three = (await addBus("Ônibus 3", 5)).onibus;
    const a = await register();
    const from = { situacao: "vaga" as const, onibus_id: one.id };
    const [x, y] = await Promise.all([
      move(a.id, from, { situacao: "vaga", onibus_id: two.id }),
      move(a.id, from, { situacao: "vaga", onibus_id: three.id }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const loser = x.statusCode === 409 ? x : y;
    expect(loser.json()).toEqual({ error: MOVED_MEANWHILE_MESSAGE });
    const { buses } = await seatsInDatabase();
    expect(buses.reduce((s, b) => s + b.contados, 0)).toBe(1);
  });

  test("lists and exports by bus, with the bus and the waiting position", async ({
    register,
    h: { admin, addBus },
  }) => {
    const one = (await addBus("Ônibus 1", 1)).onibus;
    await addBus("Ônibus 2", 1);
    const a = await register({ nome_completo: "Ana Primeira" });
    await register({ nome_completo: "Bia Segunda" });
    await register({ nome_completo: "Caio Espera" });
    const byBus = (await admin("GET", `/api/registrations?onibus=${one.id}`)).json() as RegistrationPage;
    expect(byBus.items.map((r) => r.id)).toEqual([a.id]);
    expect((await admin("GET", "/api/registrations?onibus=abc")).statusCode).toBe(400);
    const csv = (await admin("GET", "/api/registrations/export.csv?sort=nome")).body;
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toContain('"Ônibus";"Posição na espera"');
    // Then the roll call's columns: "Não" until boarded for a seated person, empty for one in no roll call.
    expect(lines[1]).toMatch(/^"Ana Primeira".*"Ônibus 1";"";"Não";"Não";"JDJ\w{4}";"";"";"";"";"";"";""$/);
    expect(lines[3]).toMatch(/^"Caio Espera".*"Lista de espera";"1";"";"";"JDJ\w{4}";"";"";"";"";"";"";""$/);
    const csvOne = (await admin("GET", `/api/registrations/export.csv?onibus=${one.id}`)).body;
    expect(csvOne.trim().split("\r\n")).toHaveLength(2);
  });
});
