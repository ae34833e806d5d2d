import { describe, expect } from "vitest";
import { apiTest } from "../support/api-fixtures";
import { importOk, ofx, todayInFortaleza } from "../support/statements";
import { DB_KINDS } from "../support/test-database";

interface RecordRow {
  tipo: string;
  valor_centavos: number;
  metodo: string | null;
  origem: string;
  extrato_linha_id: string | null;
  motivo: string | null;
  registrado_por_nome: string;
}

/** Payment records have one writer, the database (decision 040), on both engines. */
describe.each(DB_KINDS)("payment records on %s", (kind) => {
  const test = apiTest(kind);
  const today = todayInFortaleza();
  const records = (t: { db: { query: <T>(s: string, p?: unknown[]) => Promise<T[]> } }, id: string) =>
    t.db.query<RecordRow>(
      `SELECT tipo, valor_centavos, metodo, origem, extrato_linha_id::text, motivo, registrado_por_nome
       FROM pagamentos WHERE inscricao_id = $1 ORDER BY id`,
      [id],
    );

  test("a record written directly is refused, from psql as from the server", async ({ t, register }) => {
    const reg = await register({ nome_completo: "Rui Direto" });
    const refused = await t.db
      .query(
        `INSERT INTO pagamentos (inscricao_id, tipo, valor_centavos, metodo, origem, registrado_por_nome)
         VALUES ($1, 'pagamento', 1500, 'PIX', 'painel', 'psql')`,
        [reg.id],
      )
      .catch((e: Error) => e.message);
    expect(refused).toBe(
      "Pagamentos são registrados pelo banco: mude status_pagamento ou valor_centavos da inscrição (docs/schema.md).",
    );
    expect(await records(t, reg.id)).toEqual([]);
  });

  test("a status set by psql, a discount, an exemption and a statement's credit are each written by the database", async ({
    t,
    register,
    adminSession,
  }) => {
    const byPsql = await register({ nome_completo: "Pia Manual" });
    await t.db.query("UPDATE registrations SET status_pagamento = 'confirmado' WHERE id = $1", [byPsql.id]);
    expect(await records(t, byPsql.id)).toEqual([
      expect.objectContaining({ tipo: "pagamento", valor_centavos: 1500, metodo: "PIX", origem: "painel" }),
    ]);

    const discounted = await register({ nome_completo: "Dito Desconto" });
    const discount = await adminSession.inject("POST", `/api/registrations/${discounted.id}/adjust`, {
      valor_centavos: 1000,
      motivo: "irmão mais novo",
    });
    expect(discount.statusCode, discount.body).toBe(200);
    const exempt = await register({ nome_completo: "Isa Isenta" });
    await adminSession.inject("POST", `/api/registrations/${exempt.id}/adjust`, { valor_centavos: 0, motivo: "bolsa" });
    expect(await records(t, discounted.id)).toEqual([
      expect.objectContaining({ tipo: "desconto", valor_centavos: 500, motivo: "irmão mais novo" }),
    ]);
    expect(await records(t, exempt.id)).toEqual([
      expect.objectContaining({ tipo: "isencao", valor_centavos: 1500, motivo: "bolsa" }),
    ]);

    const coded = await register({ nome_completo: "Caio Codigo" });
    const result = await importOk(
      adminSession,
      ofx([{ data: today, valor: "20.00", memo: `PIX ${coded.referencia}` }]),
    );
    const [line] = result.grupos.pagas;
    expect(await records(t, coded.id)).toEqual([
      expect.objectContaining({
        tipo: "pagamento",
        valor_centavos: 2000,
        metodo: "PIX",
        origem: "extrato",
        extrato_linha_id: line.id,
        registrado_por_nome: adminSession.member.nome,
      }),
    ]);
  });
});
