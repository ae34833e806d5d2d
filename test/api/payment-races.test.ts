import { afterAll, beforeAll, describe, expect } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import type { ImportResult } from "../../src/shared/finance-views";
import { adminCookie, startAdminTestApp, TEST_ADMIN_PASSWORD } from "../support/admin-login";
import { apiTest, person } from "../support/api-fixtures";
import { multipartBody } from "../support/multipart";
import { ofx, todayInFortaleza } from "../support/statements";
import type { TestApp } from "../support/test-app";
import { DB_KINDS, freshDatabaseEnv } from "../support/test-database";
import { it } from "vitest";

type Db = TestApp["db"];
const recordsOf = async (db: Db, id: string) =>
  (
    await db.query<{ tipo: string; valor_centavos: number }>(
      "SELECT tipo, valor_centavos FROM pagamentos WHERE inscricao_id = $1 ORDER BY id",
      [id],
    )
  ).map((r) => `${r.tipo} ${r.valor_centavos}`);
const pendingRefunds = async (db: Db, id: string) =>
  (
    await db.query<{ origem: string; valor_centavos: number }>(
      "SELECT origem, valor_centavos FROM reembolsos WHERE inscricao_id = $1 AND estado = 'pendente'",
      [id],
    )
  ).map((r) => `${r.origem} ${r.valor_centavos}`);

/** What the outside review found in the money (issue 49), each on the engine where it happened. */
describe.each(DB_KINDS)("payments and giving up on %s", (kind) => {
  const test = apiTest(kind);

  test("someone who gave up cannot be marked paid, by the panel or by psql; an undo after a give-up withdraws its refund", async ({
    t,
    register,
    adminSession,
  }) => {
    const gone = await register({ nome_completo: "Gil Desistiu" });
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/minha-inscricao/${gone.id}/desistir`,
          headers: { authorization: `Bearer ${gone.upload_token}` },
        })
      ).statusCode,
    ).toBe(200);
    const paid = await adminSession.inject("PATCH", `/api/registrations/${gone.id}`, {
      status_pagamento: "confirmado",
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe(
      'Gil Desistiu desistiu da inscrição: o que pagou entra em "Reembolsos", não como pagamento.',
    );
    await expect(
      t.db.query("UPDATE registrations SET status_pagamento = 'confirmado' WHERE id = $1", [gone.id]),
    ).rejects.toThrow(/desistiu/);
    expect(await recordsOf(t.db, gone.id)).toEqual([]);

    // Paid, then gave up: a refund of what came. The payment undone: no money came, so no refund stays.
    const ana = await register({ nome_completo: "Ana Pagou" });
    expect(
      (await adminSession.inject("PATCH", `/api/registrations/${ana.id}`, { status_pagamento: "confirmado" }))
        .statusCode,
    ).toBe(200);
    await t.app.inject({
      method: "POST",
      url: `/api/minha-inscricao/${ana.id}/desistir`,
      headers: { authorization: `Bearer ${ana.upload_token}` },
    });
    expect(await pendingRefunds(t.db, ana.id)).toEqual(["desistencia 1500"]);
    const undone = await adminSession.inject("PATCH", `/api/registrations/${ana.id}`, { status_pagamento: "pendente" });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await recordsOf(t.db, ana.id)).toEqual(["pagamento 1500", "estorno -1500"]);
    expect(await pendingRefunds(t.db, ana.id)).toEqual([]);
  });

  test("'Desistir' and 'Marcar Pago' at once: never paid after giving up, and a refund whenever money came", async ({
    t,
    register,
    adminSession,
  }) => {
    for (let i = 0; i < 8; i++) {
      const reg = await register({ nome_completo: `Corrida ${kind} ${i}` });
      const [gaveUp, paid] = await Promise.all([
        t.app.inject({
          method: "POST",
          url: `/api/minha-inscricao/${reg.id}/desistir`,
          headers: { authorization: `Bearer ${reg.upload_token}` },
        }),
        adminSession.inject("PATCH", `/api/registrations/${reg.id}`, { status_pagamento: "confirmado" }),
      ]);
      expect(gaveUp.statusCode).toBe(200);
      const [row] = await t.db.query<{ situacao: string; status_pagamento: string }>(
        "SELECT situacao, status_pagamento FROM registrations WHERE id = $1",
        [reg.id],
      );
      expect(row.situacao).toBe("desistente");
      if (paid.statusCode === 200) {
        // Paid first, then gave up: the money is a refund to decide.
        expect(await pendingRefunds(t.db, reg.id)).toEqual(["desistencia 1500"]);
      } else {
        expect(paid.statusCode).toBe(409);
        expect(row.status_pagamento).toBe("pendente");
        expect(await recordsOf(t.db, reg.id)).toEqual([]);
      }
    }
  });
});

/**
 * Each sibling's records and status after a race: paid, with the bank's record, when the link won; untouched when
 * the discount won. A payment the bank made is never undone.
 */
async function expectNoVanishedMoney(db: Db, ids: string[], linkWon: boolean) {
  for (const id of ids) {
    const records = await recordsOf(db, id);
    expect(
      records.some((r) => r.startsWith("estorno")),
      records.join(", "),
    ).toBe(false);
    expect(
      records.some((r) => r.startsWith("pagamento")),
      records.join(", "),
    ).toBe(linkWon);
    const [row] = await db.query<{ status_pagamento: string }>(
      "SELECT status_pagamento FROM registrations WHERE id = $1",
      [id],
    );
    expect(row.status_pagamento).toBe(linkWon ? "confirmado" : "pendente");
  }
}

describe("a discount racing 'Vincular' on two instances of one PostgreSQL", () => {
  let a: TestApp;
  let b: TestApp;
  let cleanup: () => Promise<void>;
  let cookieA: string;
  let cookieB: string;
  beforeAll(async () => {
    const fresh = await freshDatabaseEnv("postgres");
    cleanup = fresh.cleanup;
    const env = { ...fresh.env, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };
    a = await startAdminTestApp("postgres", { env });
    b = await startAdminTestApp("postgres", { env });
    cookieA = await adminCookie(a.app);
    cookieB = await adminCookie(b.app);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cleanup?.();
  });

  it("never undoes the bank's payment: one of the two is refused, and the records add up", {
    timeout: 120_000,
  }, async () => {
    await a.app.inject({
      method: "PUT",
      url: "/api/form-status",
      headers: { cookie: cookieA },
      payload: { is_open: true },
    });
    const today = todayInFortaleza();
    let bothAnswered200 = 0;
    for (let i = 0; i < 12; i++) {
      const reg = async (nome: string) => {
        const res = await a.app.inject({
          method: "POST",
          url: "/api/registrations",
          payload: person({ nome_completo: nome }),
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as RegistrationCreated;
      };
      const [s1, s2] = [await reg(`Irmão Um ${i}`), await reg(`Irmã Dois ${i}`)];
      const { payload, headers } = multipartBody([
        {
          name: "arquivo",
          filename: "extrato.ofx",
          contentType: "application/octet-stream",
          data: ofx([{ data: today, valor: "30.00", memo: `PIX MAE DOS DOIS ${i}` }]),
        },
      ]);
      const imported = await a.app.inject({
        method: "POST",
        url: "/api/finance/statements",
        payload,
        headers: { ...headers, cookie: cookieA },
      });
      expect(imported.statusCode, imported.body).toBe(200);
      const result = imported.json() as ImportResult;
      const line = result.grupos.sem_correspondencia[0] ?? result.grupos.sugeridas[0];
      expect(line, JSON.stringify(result)).toBeDefined();
      const [linked, discounted] = await Promise.all([
        a.app.inject({
          method: "POST",
          url: `/api/finance/lines/${line.id}/confirm`,
          headers: { cookie: cookieA },
          payload: { inscricao_ids: [s1.id, s2.id] },
        }),
        b.app.inject({
          method: "POST",
          url: `/api/registrations/${s1.id}/adjust`,
          headers: { cookie: cookieB },
          payload: { valor_centavos: 1000, motivo: "Irmãos" },
        }),
      ]);
      if (linked.statusCode === 200 && discounted.statusCode === 200) bothAnswered200++;
      expect([linked.statusCode, discounted.statusCode].sort()).toEqual([200, 409]);
      await expectNoVanishedMoney(a.db, [s1.id, s2.id], linked.statusCode === 200);
    }
    expect(bothAnswered200).toBe(0);
  });
});
