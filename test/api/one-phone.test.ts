import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { phoneFullMessage } from "../../src/server/registrations/create-registration";
import type { RegistrationPage } from "../../src/shared/admin-api";
import type { RegistrationData } from "../../src/shared/registration-schema";
import { adminCookie, startAdminTestApp } from "../support/admin-login";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

const PHONE = "98977776666";
const FIRST_NAMES = ["Ana", "Bruno", "Carla", "Davi", "Elisa", "Fábio", "Gabriela", "Heitor", "Iara", "João", "Karina"];
const person = (nome_completo: string, numero_responsavel = PHONE): RegistrationData => ({
  nome_completo,
  idade: 20,
  numero_responsavel,
  metodo_pagamento: "PIX",
});

/** The mark as migration 021 computed it, pair by pair: what the stored mark must always equal. */
const PAIRWISE_MARKS = `
  SELECT r.id FROM registrations r
  WHERE r.situacao <> 'desistente' AND EXISTS (
    SELECT 1 FROM registrations o
    WHERE o.numero_responsavel = r.numero_responsavel AND o.id <> r.id AND o.situacao <> 'desistente'
      AND (replace(o.nome_busca, ' ', '') = replace(r.nome_busca, ' ', '')
           OR (cardinality(caravana_nome_palavras(o.nome_busca)) > 0
               AND cardinality(caravana_nome_palavras(r.nome_busca)) > 0
               AND (caravana_nome_palavras(o.nome_busca) <@ caravana_nome_palavras(r.nome_busca)
                    OR caravana_nome_palavras(r.nome_busca) <@ caravana_nome_palavras(o.nome_busca)))))
  ORDER BY r.id`;

describe.each(DB_KINDS)("one phone on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // The real default (the test server raises it for the other tests).
    t = await startAdminTestApp(kind, { env: { REGISTRATIONS_PER_PHONE: "10" } });
    cookie = await adminCookie(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.exec("DELETE FROM registrations");
    const reset = await t.app.inject({
      method: "DELETE",
      url: "/api/settings/inscricoes_por_numero",
      headers: { cookie },
    });
    expect(reset.statusCode).toBe(200);
  });

  const post = (body: RegistrationData) => t.app.inject({ method: "POST", url: "/api/registrations", payload: body });
  const activeOnPhone = async () =>
    (
      await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM registrations WHERE numero_responsavel = $1 AND situacao <> 'desistente'",
        [PHONE],
      )
    )[0].n;
  /** Saves "Configurações" as they are, with this limit. */
  const putLimit = async (limit: unknown) => {
    const { values } = (await t.app.inject({ url: "/api/settings", headers: { cookie } })).json();
    return t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie },
      payload: { ...values, inscricoes_por_numero: limit },
    });
  };
  const setLimit = async (limit: number | string) => expect((await putLimit(limit)).statusCode).toBe(200);
  const storedMarks = async () =>
    (await t.db.query<{ id: string }>("SELECT id FROM registration_duplicates ORDER BY id")).map((r) => r.id);
  const pairwiseMarks = async () => (await t.db.query<{ id: string }>(PAIRWISE_MARKS)).map((r) => r.id);

  it("takes ten registrations on one phone from the form, and tells the eleventh to talk to the coordination", async () => {
    for (const first of FIRST_NAMES.slice(0, 10)) {
      expect((await post(person(`${first} Souza`))).statusCode).toBe(201);
    }
    const eleventh = await post(person("Karina Souza"));
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({ error: phoneFullMessage(10) });
    expect(eleventh.json().error).toContain("fale com a coordenação");
    expect(await activeOnPhone()).toBe(10);
    // Another phone is not affected.
    expect((await post(person("Karina Souza", "98911110000"))).statusCode).toBe(201);
  });

  it("holds the limit when many arrive at once, in one batch", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(person(`${FIRST_NAMES[i % 11]} Pereira ${String.fromCharCode(97 + i)}x`)),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(20);
    expect(await activeOnPhone()).toBe(10);
  });

  it("reads the limit from Configurações, and a registration given up frees its place", async () => {
    await setLimit("3");
    const ids: string[] = [];
    for (const first of FIRST_NAMES.slice(0, 3)) ids.push((await post(person(`${first} Lima`))).json().id);
    const fourth = await post(person("Davi Lima"));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toBe(phoneFullMessage(3));

    await t.db.query("UPDATE registrations SET situacao = 'desistente' WHERE id = $1", [ids[0]]);
    expect((await post(person("Davi Lima"))).statusCode).toBe(201);
  });

  it("refuses a limit out of range with the field's message", async () => {
    for (const bad of [0, -1, 1001, "dez", 2.5]) {
      const res = await putLimit(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("Informe um número entre 1 e 1000.");
    }
  });

  it("keeps the duplicate mark equal to the pairwise rule through inserts, edits, cancellations, moves and deletes", async () => {
    for (const nome of ["Maria Silva", "Maria da Silva Santos", "Pedro Souza", "Ana Souza", "Ana Clara Souza"]) {
      expect((await post(person(nome))).statusCode).toBe(201);
    }
    expect((await post(person("Maria Silva", "98955554444"))).statusCode).toBe(201);
    // The names on PHONE: the other "Maria Silva" is on another phone.
    const ids = Object.fromEntries(
      (
        await t.db.query<{ nome_completo: string; id: string }>(
          "SELECT nome_completo, id FROM registrations WHERE numero_responsavel = $1",
          [PHONE],
        )
      ).map((r) => [r.nome_completo, r.id]),
    );
    const check = async () => expect(await storedMarks()).toEqual(await pairwiseMarks());

    await check();
    expect((await storedMarks()).length).toBe(4);

    // A panel edit takes the mark away from both.
    const edit = await t.app.inject({
      method: "PATCH",
      url: `/api/registrations/${ids["Ana Clara Souza"]}`,
      headers: { cookie },
      payload: {
        nome_completo: "Clara Ribeiro",
        idade: 20,
        numero_responsavel: PHONE,
        metodo_pagamento: "PIX",
        status_pagamento: "pendente",
      },
    });
    expect(edit.statusCode).toBe(200);
    await check();
    expect(await storedMarks()).not.toContain(ids["Ana Souza"]);

    // The limit is the public form's: psql and the coordination's tools may add past it.
    await setLimit(5);
    await t.db.query(
      "INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento) VALUES ('Sexto Nome', 20, $1, 'PIX')",
      [PHONE],
    );
    expect((await post(person("Sétimo Nome"))).json()).toEqual({ error: phoneFullMessage(5) });
    await check();

    // Changes made outside the server too (psql): a cancellation, a new phone, a delete, a batch.
    expect(await storedMarks()).toContain(ids["Maria Silva"]);
    await t.db.query("UPDATE registrations SET situacao = 'desistente' WHERE id = $1", [ids["Maria Silva"]]);
    await check();
    expect(await storedMarks()).not.toContain(ids["Maria da Silva Santos"]);
    await t.db.query("UPDATE registrations SET situacao = 'vaga' WHERE id = $1", [ids["Maria Silva"]]);
    await check();
    await t.db.query("UPDATE registrations SET numero_responsavel = '98955554444' WHERE id = $1", [
      ids["Maria da Silva Santos"],
    ]);
    await check();
    await t.db.query("DELETE FROM registrations WHERE id = $1", [ids["Maria Silva"]]);
    await check();
    await t.db.query("UPDATE registrations SET nome_completo = nome_completo || ' Junior'");
    await check();
    await t.db.exec("UPDATE registrations SET status_pagamento = 'confirmado'");
    await check();

    // The panel lists the stored mark, and the filter finds exactly those rows.
    const page = (
      await t.app.inject({ url: "/api/registrations?status=duplicatas&sort=nome", headers: { cookie } })
    ).json() as RegistrationPage;
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.map((r) => r.id).sort()).toEqual(await storedMarks());
    expect(page.items.every((r) => r.possivel_duplicata)).toBe(true);
  });

  it("lists and filters many names on one phone, the limit raised", async () => {
    await setLimit(1000);
    await t.db.query(
      `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento)
       SELECT 'Participante ' || i || ' Da Silva Numero ' || (i * 7919 % 1000), 20, $1, 'PIX'
       FROM generate_series(1, 150) AS i`,
      [PHONE],
    );
    expect(await storedMarks()).toEqual(await pairwiseMarks());
    const list = await t.app.inject({ url: "/api/registrations?sort=nome", headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const dups = await t.app.inject({ url: "/api/registrations?status=duplicatas", headers: { cookie } });
    expect(dups.statusCode).toBe(200);
    expect((dups.json() as RegistrationPage).total).toBe((await storedMarks()).length);
  });
});

describe("statement timeout on postgres", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAdminTestApp("postgres");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("cuts any statement of the server after ten seconds", async () => {
    const [row] = await t.db.query<{ statement_timeout: string }>("SHOW statement_timeout");
    expect(row.statement_timeout).toBe("10s");
  });

  it("compiles no statement with LLVM, in a transaction or out of one (decision 071)", async () => {
    const [row] = await t.db.query<{ jit: string }>("SHOW jit");
    const [inTx] = await t.db.transaction((tx) => tx.query<{ jit: string }>("SHOW jit"));
    expect([row.jit, inTx.jit]).toEqual(["off", "off"]);
    // Connections the pool opens at the same moment, each answering while the others wait.
    const many = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.db.query<{ jit: string; pid: number }>(
          "SELECT current_setting('jit') AS jit, pg_backend_pid() AS pid, pg_sleep(0.05)",
        ),
      ),
    );
    expect(new Set(many.map(([r]) => r.pid)).size).toBeGreaterThan(1);
    expect(many.map(([r]) => r.jit)).toEqual(Array(6).fill("off"));
  });
});
