import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "../../src/server/auth/token-hash";
import { formClosedMessage } from "../../src/server/registrations/create-registration";
import { registrationWriter } from "../../src/server/registrations/registration-writer";
import { writeFormStatus } from "../../src/server/registrations/form-status-repository";
import type { RegistrationData } from "../../src/shared/registration-schema";
import { CONSENT_VERSION } from "../../src/shared/privacy";
import { startTestApp, type TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

/** The i-th person: minors (with consent) and adults, both methods. */
const person = (i: number): RegistrationData => {
  const idade = 14 + (i % 8);
  return {
    nome_completo: `Pessoa ${i} da Silva`,
    idade,
    numero_responsavel: `9899${String(i).padStart(7, "0")}`,
    metodo_pagamento: i % 3 === 0 ? "ESPECIE" : "PIX",
    ...(idade < 18 ? { consentimento: true, responsavel_nome: "Maria Responsável", parentesco: "mae" } : {}),
  };
};

interface StoredRow {
  id: string;
  nome_completo: string;
  idade: number;
  metodo_pagamento: string;
  referencia: string;
  upload_token_hash: string;
  consentimento_versao: string | null;
}

describe.each(DB_KINDS)("registrations arriving together on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await writeFormStatus(t.db, true);
    await t.db.query("DELETE FROM registrations");
  });

  const post = (body: RegistrationData, key?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: body,
      headers: key ? { "idempotency-key": key } : {},
    });
  const rows = () => t.db.query<StoredRow>("SELECT * FROM registrations ORDER BY nome_completo");

  it("stores every one of 40 simultaneous registrations once, with its own data, token and reference", async () => {
    const people = Array.from({ length: 40 }, (_, i) => person(i));
    // Every fourth request comes without an idempotency key, as an old client would send it.
    const answers = await Promise.all(people.map((p, i) => post(p, i % 4 === 0 ? undefined : randomUUID())));
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 201));

    const stored = await rows();
    expect(stored).toHaveLength(40);
    const byId = new Map(stored.map((r) => [r.id, r]));
    answers.forEach((answer, i) => {
      const body = answer.json();
      const row = byId.get(body.id);
      // Each answer belongs to the row made from that request's own body.
      expect(row).toMatchObject({
        nome_completo: people[i].nome_completo,
        idade: people[i].idade,
        referencia: body.referencia,
      });
      expect(row?.upload_token_hash).toBe(hashToken(body.upload_token));
      expect(row?.consentimento_versao).toBe(people[i].idade < 18 ? CONSENT_VERSION : null);
      expect(answer.headers["idempotent-replayed"]).toBe("false");
    });
    expect(new Set(stored.map((r) => r.referencia)).size).toBe(40);
    // Rows written by one statement share its transaction id: fewer
    // transactions than rows shows the requests went in together.
    const [{ transactions }] = await t.db.query<{ transactions: number }>(
      "SELECT count(DISTINCT xmin::text)::int AS transactions FROM registrations",
    );
    expect(transactions).toBeLessThan(40);
  });

  it("answers a key sent twice in the same moment with one registration, also when the data changed", async () => {
    const same = randomUUID();
    const reused = randomUUID();
    const answers = await Promise.all([
      post(person(1), same),
      post(person(1), same),
      post(person(2), reused),
      post(person(3), reused),
      ...Array.from({ length: 6 }, (_, i) => post(person(10 + i), randomUUID())),
    ]);
    const [a, b, c, d] = answers;
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect([a.headers["idempotent-replayed"], b.headers["idempotent-replayed"]].sort()).toEqual(["false", "true"]);
    // One key, other data (a field fixed after a lost answer): one row, holding what arrived last.
    expect([c.statusCode, d.statusCode]).toEqual([201, 201]);
    expect(c.json().id).toBe(d.json().id);
    const last = c.headers["idempotent-replayed"] === "true" ? person(2) : person(3);
    expect(answers.slice(4).map((x) => x.statusCode)).toEqual(Array(6).fill(201));
    // person 1 once, person 2 or 3 once, and the six others.
    const stored = await rows();
    expect(stored).toHaveLength(8);
    expect(stored.find((r) => r.id === c.json().id)?.nome_completo).toBe(last.nome_completo);
  });

  it("replays a stored registration that comes back among new ones", async () => {
    const key = randomUUID();
    const first = await post(person(1), key);
    const answers = await Promise.all([
      post(person(1), key),
      ...Array.from({ length: 5 }, (_, i) => post(person(20 + i), randomUUID())),
    ]);
    expect(answers[0].statusCode).toBe(201);
    expect(answers[0].json().id).toBe(first.json().id);
    expect(answers[0].headers["idempotent-replayed"]).toBe("true");
    expect(await rows()).toHaveLength(6);
  });

  it("refuses all of them once the form is closed", async () => {
    await writeFormStatus(t.db, false);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(person(i), randomUUID())));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ error: formClosedMessage("JDJ 2025") });
    }
    expect(await rows()).toHaveLength(0);
  });

  it("settles a payment reference drawn twice in one batch with a fresh draw", async () => {
    let draws = 0;
    // The first three draws repeat; later draws (the single-row retries) are random.
    const writer = registrationWriter(t.db, {
      drawReference: () => (draws++ < 3 ? "JDJAAAA" : `JDJ${draws}`.padEnd(7, "B")),
    });
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => writer.create(person(i), randomUUID())));
    const references = results.map((r) => r.registration.referencia);
    expect(new Set(references).size).toBe(5);
    expect(references.filter((r) => r === "JDJAAAA")).toHaveLength(1);
    const stored = await rows();
    expect(stored.map((r) => r.referencia).sort()).toEqual([...references].sort());
  });

  it("never gives a reference an earlier edition gave out: it draws again, grouped or alone", async () => {
    await t.db.query("INSERT INTO referencias_usadas VALUES ('JDJAAAA')");
    try {
      let draws = 0;
      const writer = registrationWriter(t.db, {
        drawReference: () => (draws++ < 3 ? "JDJAAAA" : `JDJ${draws}`.padEnd(7, "C")),
      });
      const results = await Promise.all(Array.from({ length: 3 }, (_, i) => writer.create(person(i), randomUUID())));
      // All three were drawn as the used one; each got another.
      expect(draws).toBe(3);
      const references = results.map((r) => r.registration.referencia);
      expect(references).not.toContain("JDJAAAA");
      expect(new Set(references).size).toBe(3);
      expect(await rows()).toHaveLength(3);
    } finally {
      await t.db.query("DELETE FROM referencias_usadas");
    }
  });

  it("sends the next batch to the database before it answers the last one's requests", async () => {
    // The real database, with each grouped INSERT's start written down on its way through.
    // The first INSERT is held until the second group is queued, as a busy database would hold it.
    const events: string[] = [];
    let queued!: () => void;
    const secondQueued = new Promise<void>((r) => (queued = r));
    const recording = {
      query: async <T>(sql: string, params?: unknown[]) => {
        if (!sql.includes("json_populate_recordset(")) return t.db.query<T>(sql, params);
        events.push(`insert ${JSON.parse(params?.[0] as string).length}`);
        if (events.length === 1) await secondQueued;
        return t.db.query<T>(sql, params);
      },
      exec: (sql: string) => t.db.exec(sql),
    };
    const writer = registrationWriter(recording, { concurrency: 1 });
    const create = (i: number, label: string) =>
      writer.create(person(i), randomUUID()).then((r) => {
        events.push(label);
        return r;
      });
    const first = Array.from({ length: 6 }, (_, i) => create(i, "answered first"));
    // The first batch leaves at the end of this turn; these five wait for its one slot.
    await new Promise((r) => setImmediate(r));
    const second = Array.from({ length: 5 }, (_, i) => create(10 + i, "answered second"));
    queued();
    await Promise.all([...first, ...second]);

    expect(events.filter((e) => e.startsWith("insert"))).toEqual(["insert 6", "insert 5"]);
    expect(events.indexOf("insert 5")).toBeLessThan(events.indexOf("answered first"));
    expect(await rows()).toHaveLength(11);
  });

  it("gives a row the database refuses its own error and still stores the others", async () => {
    const writer = registrationWriter(t.db);
    // The HTTP schema stops an age of 200 first; here it reaches the database's CHECK.
    const outcomes = await Promise.allSettled([
      writer.create(person(1), randomUUID()),
      writer.create({ ...person(2), idade: 200 }, randomUUID()),
      writer.create(person(3), null),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await rows()).map((r) => r.nome_completo)).toEqual([person(1).nome_completo, person(3).nome_completo]);
  });
});
