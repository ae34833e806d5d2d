import ExcelJS from "exceljs";
import { describe, expect } from "vitest";
import type { Registration, RegistrationCreated } from "../../src/shared/api-types";
import type { Accounts, CashView, ExpenseView, RefundView, RegistrationPayments } from "../../src/shared/finance-views";
import { describePayment } from "../../src/shared/finance-views";
import { purgePersonalData } from "../../src/server/maintenance/purge";
import { apiTest } from "../support/api-fixtures";
import { JPEG_BYTES, multipartBody } from "../support/multipart";
import { importOk, ofx, todayInFortaleza } from "../support/statements";
import { DB_KINDS } from "../support/test-database";

describe.each(DB_KINDS)("the money on %s", (kind) => {
  const test = apiTest(kind, { equipeName: "Lia Equipe" });
  const today = todayInFortaleza();

  test("every confirmation and undo is a record: amount, method, source, who; the details read it in words", async ({
    t,
    register,
    adminSession,
    equipeSession,
  }) => {
    const pix = await register({ nome_completo: "Paula Pix" });
    const cash = await register({ nome_completo: "Caio Cash", metodo_pagamento: "ESPECIE" });
    await adminSession.inject("PATCH", `/api/registrations/${pix.id}`, { status_pagamento: "confirmado" });
    await adminSession.inject("PATCH", `/api/registrations/${pix.id}`, { status_pagamento: "pendente" });
    const door = await equipeSession.inject("POST", "/api/boarding/cash", { inscricao_id: cash.id });
    expect(door.statusCode, door.body).toBe(200);

    const history = async (id: string) =>
      ((await adminSession.inject("GET", `/api/registrations/${id}/payments`)).json() as RegistrationPayments)
        .registros;
    const pixHistory = await history(pix.id);
    expect(
      pixHistory.map(({ tipo, valor_centavos, metodo, origem, registrado_por_nome }) => ({
        tipo,
        valor_centavos,
        metodo,
        origem,
        registrado_por_nome,
      })),
    ).toEqual([
      {
        tipo: "pagamento",
        valor_centavos: 1500,
        metodo: "PIX",
        origem: "painel",
        registrado_por_nome: adminSession.member.nome,
      },
      {
        tipo: "estorno",
        valor_centavos: -1500,
        metodo: "PIX",
        origem: "painel",
        registrado_por_nome: adminSession.member.nome,
      },
    ]);
    const [cashRecord] = await history(cash.id);
    expect(cashRecord).toMatchObject({
      tipo: "pagamento",
      metodo: "ESPECIE",
      origem: "chamada",
      recebido_por_nome: "Lia Equipe",
    });
    expect(describePayment(cashRecord)).toBe("Espécie, recebido na chamada por Lia Equipe");
    // Equipe reads the history too (the details dialog).
    expect((await equipeSession.inject("GET", `/api/registrations/${cash.id}/payments`)).statusCode).toBe(200);

    // A change made with psql is recorded as well: the database keeps them in step.
    await t.db.query("UPDATE registrations SET status_pagamento = 'confirmado' WHERE id = $1", [pix.id]);
    expect((await history(pix.id)).at(-1)).toMatchObject({ tipo: "pagamento", registrado_por_nome: "sistema" });
  });

  test("exports carry Referência, Pago em, Confirmado por and Origem do pagamento", async ({
    t,
    register,
    adminSession,
  }) => {
    const ana = await register({ nome_completo: "Ana Extrato" });
    const bia = await register({ nome_completo: "Bia Painel" });
    await register({ nome_completo: "Caio Pendente" });
    await importOk(adminSession, ofx([{ data: today, valor: "15.00", memo: `PIX ${ana.referencia}` }]));
    await adminSession.inject("PATCH", `/api/registrations/${bia.id}`, { status_pagamento: "confirmado" });
    const res = await adminSession.inject("GET", "/api/registrations/export.xlsx?sort=nome");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    const pick = (r: unknown[]) => [
      r[0],
      r[col("Referência")],
      r[col("Pago em")] instanceof Date,
      r[col("Confirmado por")],
      r[col("Origem do pagamento")],
    ];
    expect(rows.slice(1, 4).map(pick)).toEqual([
      ["Ana Extrato", ana.referencia, true, adminSession.member.nome, "Extrato Nubank"],
      ["Bia Painel", bia.referencia, true, adminSession.member.nome, "Painel"],
      ["Caio Pendente", expect.stringMatching(/^JDJ/), false, undefined, undefined],
    ]);
    const csv = await adminSession.inject("GET", "/api/registrations/export.csv?sort=nome");
    expect(csv.body).toContain(`"${ana.referencia}"`);
    expect(csv.body).toContain('"Extrato Nubank"');
    void t;
  });

  test("'Isento' and 'Desconto' are records with a reason; matching uses the new amount", async ({
    t,
    register,
    adminSession,
    equipeSession,
  }) => {
    const isenta = await register({ nome_completo: "Isa Isenta" });
    const meia = await register({ nome_completo: "Meire Meia" });
    const adjust = (id: string, body: object, who = adminSession) =>
      who.inject("POST", `/api/registrations/${id}/adjust`, body);
    expect((await adjust(isenta.id, { valor_centavos: 0, motivo: "Família sem condições" })).json()).toMatchObject({
      status_pagamento: "confirmado",
    });
    expect((await adjust(meia.id, { valor_centavos: 750 })).json()).toEqual({ error: "Diga o motivo." });
    expect((await adjust(meia.id, { valor_centavos: 750, motivo: "Irmã de inscrita" })).statusCode).toBe(200);
    expect((await adjust(meia.id, { valor_centavos: 700, motivo: "x" }, equipeSession)).statusCode).toBe(403);

    const result = await importOk(adminSession, ofx([{ data: today, valor: "7.50", memo: `PIX ${meia.referencia}` }]));
    expect(result.pagas).toBe(1);
    const log = await t.db.query<{ tipo: string; resumo: string }>(
      "SELECT tipo, resumo FROM activity_log WHERE tipo IN ('pagamento.isencao', 'pagamento.desconto') ORDER BY id",
    );
    expect(log).toEqual([
      { tipo: "pagamento.isencao", resumo: "Isa Isenta isento(a) do pagamento: Família sem condições" },
      { tipo: "pagamento.desconto", resumo: "Valor de Meire Meia com desconto de R$ 7,50: Irmã de inscrita" },
    ]);
    // Once paid, a discount is refused: the money would need a refund instead.
    expect((await adjust(meia.id, { valor_centavos: 500, motivo: "Mais desconto" })).statusCode).toBe(409);
  });

  test("refunds: a paid person who gives up, a paid registration deleted (asked first), decided once", async ({
    t,
    register,
    adminSession,
  }) => {
    const gone = await register({ nome_completo: "Gil Desistente" });
    const deleted = await register({ nome_completo: "Dora Excluída" });
    const kept = await register({ nome_completo: "Kiko Mantido" });
    for (const r of [gone, deleted, kept])
      await adminSession.inject("PATCH", `/api/registrations/${r.id}`, { status_pagamento: "confirmado" });
    await t.db.query("UPDATE registrations SET situacao = 'desistente' WHERE id = $1", [gone.id]);

    const ask = await adminSession.inject("DELETE", `/api/registrations/${deleted.id}`);
    expect(ask.statusCode).toBe(409);
    expect(ask.json()).toMatchObject({
      error: "Esta inscrição está paga. Diga o que acontece com o dinheiro antes de excluir.",
    });
    expect(
      (await adminSession.inject("DELETE", `/api/registrations/${deleted.id}?dinheiro=reembolsar`)).statusCode,
    ).toBe(204);
    expect((await adminSession.inject("DELETE", `/api/registrations/${kept.id}?dinheiro=manter`)).statusCode).toBe(400);
    expect(
      (await adminSession.inject("DELETE", `/api/registrations/${kept.id}?dinheiro=manter&motivo=Doou%20o%20valor`))
        .statusCode,
    ).toBe(204);

    const list = async () => (await adminSession.inject("GET", "/api/finance/refunds")).json() as RefundView[];
    const refunds = await list();
    expect(
      refunds.map(({ nome, origem, estado, valor_centavos }) => ({ nome, origem, estado, valor_centavos })),
    ).toEqual([
      { nome: "Dora Excluída", origem: "exclusao", estado: "pendente", valor_centavos: 1500 },
      { nome: "Gil Desistente", origem: "desistencia", estado: "pendente", valor_centavos: 1500 },
      { nome: "Kiko Mantido", origem: "exclusao", estado: "sem_reembolso", valor_centavos: 1500 },
    ]);
    const dora = refunds[0];
    const done = await adminSession.inject("POST", `/api/finance/refunds/${dora.id}`, {
      estado: "reembolsado",
      valor_centavos: 1500,
      metodo: "PIX",
      data: today,
    });
    expect(done.json()).toMatchObject({
      estado: "reembolsado",
      devolvido_centavos: 1500,
      resolvido_por_nome: adminSession.member.nome,
    });
    const twice = await adminSession.inject("POST", `/api/finance/refunds/${dora.id}`, {
      estado: "sem_reembolso",
      motivo: "x y",
    });
    expect(twice.statusCode).toBe(409);
    const noReason = await adminSession.inject("POST", `/api/finance/refunds/${refunds[1].id}`, {
      estado: "sem_reembolso",
      motivo: "",
    });
    expect(noReason.json()).toEqual({ error: "Diga o motivo." });
  });

  test("cash has a custodian: in hand = received − handed over, never below zero; the receiver confirms", async ({
    register,
    adminSession,
    equipeSession,
  }) => {
    const a = await register({ nome_completo: "Ana Dinheiro", metodo_pagamento: "ESPECIE" });
    const b = await register({ nome_completo: "Beto Dinheiro", metodo_pagamento: "ESPECIE" });
    for (const r of [a, b]) await equipeSession.inject("POST", "/api/boarding/cash", { inscricao_id: r.id });
    const mine = async () => (await equipeSession.inject("GET", "/api/finance/cash")).json() as CashView;
    expect((await mine()).pessoas).toEqual([
      expect.objectContaining({
        nome: "Lia Equipe",
        recebido_centavos: 3000,
        entregue_centavos: 0,
        em_maos_centavos: 3000,
      }),
    ]);
    const coord = adminSession.member.id;
    const tooMuch = await equipeSession.inject("POST", "/api/finance/handovers", { para: coord, valor_centavos: 3001 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ error: "Lia Equipe tem R$ 30,00 em mãos: não dá para entregar R$ 30,01." });
    const toEquipe = await equipeSession.inject("POST", "/api/finance/handovers", {
      para: equipeSession.member.id,
      valor_centavos: 100,
    });
    expect(toEquipe.statusCode).toBe(400);

    const handed = await equipeSession.inject("POST", "/api/finance/handovers", { para: coord, valor_centavos: 2000 });
    expect(handed.statusCode, handed.body).toBe(201);
    const h = handed.json();
    expect(h.confirmada_em).toBeNull();
    expect((await mine()).pessoas[0]).toMatchObject({ entregue_centavos: 2000, em_maos_centavos: 1000 });
    // Only the receiver confirms; Equipe, who never receives, cannot confirm at all.
    expect((await equipeSession.inject("POST", `/api/finance/handovers/${h.id}/confirm`)).statusCode).toBe(403);
    const confirmed = await adminSession.inject("POST", `/api/finance/handovers/${h.id}/confirm`);
    expect(confirmed.json().confirmada_em).not.toBeNull();
    const all = (await adminSession.inject("GET", "/api/finance/cash")).json() as CashView;
    expect(all.pessoas.find((p) => p.id === coord)).toMatchObject({ recebido_centavos: 2000, em_maos_centavos: 2000 });
    // Undoing a cash payment already handed over would leave less than nothing in hand: refused, with the reason.
    const more = await equipeSession.inject("POST", "/api/finance/handovers", { para: coord, valor_centavos: 1000 });
    expect(more.statusCode).toBe(201);
    const undo = await adminSession.inject("PATCH", `/api/registrations/${a.id}`, { status_pagamento: "pendente" });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error).toContain("Lia Equipe já entregou este dinheiro");
  });

  test("expenses with a receipt; Equipe gets 403 on refunds, expenses and the accounts", async ({
    adminSession,
    equipeSession,
  }) => {
    const { payload, headers } = multipartBody([
      { name: "descricao", data: "Lanche da volta" },
      { name: "valor_centavos", data: "12000" },
      { name: "data", data: today },
      { name: "categoria", data: "alimentacao" },
      { name: "arquivo", filename: "nota.jpg", contentType: "image/jpeg", data: JPEG_BYTES },
    ]);
    const added = await adminSession.raw({ method: "POST", url: "/api/finance/expenses", payload, headers });
    expect(added.statusCode, added.body).toBe(201);
    const expense = added.json() as ExpenseView;
    expect(expense).toMatchObject({
      descricao: "Lanche da volta",
      valor_centavos: 12000,
      categoria: "alimentacao",
      tem_comprovante: true,
    });
    const receipt = await adminSession.inject("GET", `/api/finance/expenses/${expense.id}/receipt`);
    expect(receipt.headers["content-type"]).toBe("image/jpeg");
    const bad = multipartBody([
      { name: "descricao", data: "X" },
      { name: "valor_centavos", data: "-5" },
      { name: "data", data: today },
      { name: "categoria", data: "outros" },
    ]);
    const refused = await adminSession.raw({ method: "POST", url: "/api/finance/expenses", ...bad });
    expect(refused.statusCode).toBe(400);
    for (const url of [
      "/api/finance/refunds",
      "/api/finance/expenses",
      "/api/finance/accounts",
      "/api/finance/accounts.xlsx",
    ])
      expect((await equipeSession.inject("GET", url)).statusCode, url).toBe(403);
    expect((await equipeSession.inject("DELETE", `/api/finance/expenses/${expense.id}`)).statusCode).toBe(403);
    expect((await adminSession.inject("DELETE", `/api/finance/expenses/${expense.id}`)).statusCode).toBe(204);
  });

  test("the accounts add up: each figure is the sum of the rows it summarises, computed here from the lists", async ({
    t,
    register,
    adminSession,
    equipeSession,
  }) => {
    await adminSession.inject("POST", "/api/buses", { nome: "Ônibus 1", lugares: 5 });
    // One after the other: five seats, so Fabi is the one who waits. At once, on PostgreSQL, anyone could be, and
    // a code of someone waiting is only a suggestion (Ana's statement line would pay nothing).
    const r: RegistrationCreated[] = [];
    for (const [i, n] of ["Ana", "Beto", "Caio", "Dani", "Edu", "Fabi"].entries())
      r.push(await register({ nome_completo: `${n} Contas`, metodo_pagamento: i % 2 ? "ESPECIE" : "PIX" }));
    await importOk(adminSession, ofx([{ data: today, valor: "15.00", memo: `PIX ${r[0].referencia}` }]));
    await adminSession.inject("PATCH", `/api/registrations/${r[2].id}`, { status_pagamento: "confirmado" });
    await equipeSession.inject("POST", "/api/boarding/cash", { inscricao_id: r[1].id });
    await adminSession.inject("POST", `/api/registrations/${r[3].id}/adjust`, { valor_centavos: 0, motivo: "Isento" });
    await adminSession.inject("POST", `/api/registrations/${r[4].id}/adjust`, {
      valor_centavos: 1000,
      motivo: "Desconto",
    });
    await adminSession.inject("PATCH", `/api/registrations/${r[4].id}`, { status_pagamento: "confirmado" });
    await t.db.query("UPDATE registrations SET situacao = 'desistente' WHERE id = $1", [r[2].id]);
    const [refund] = (await adminSession.inject("GET", "/api/finance/refunds")).json() as RefundView[];
    await adminSession.inject("POST", `/api/finance/refunds/${refund.id}`, {
      estado: "reembolsado",
      valor_centavos: 1500,
      metodo: "PIX",
      data: today,
    });
    const { payload, headers } = multipartBody([
      { name: "descricao", data: "Aluguel do ônibus" },
      { name: "valor_centavos", data: "2500" },
      { name: "data", data: today },
      { name: "categoria", data: "onibus" },
    ]);
    await adminSession.raw({ method: "POST", url: "/api/finance/expenses", payload, headers });

    const a = (await adminSession.inject("GET", "/api/finance/accounts")).json() as Accounts;
    const regs = (await adminSession.inject("GET", "/api/registrations?pageSize=100")).json() as {
      items: Registration[];
    };
    const seated = regs.items.filter((x) => x.situacao === "vaga");
    const sum = (xs: { valor_centavos: number }[]) => xs.reduce((s, x) => s + x.valor_centavos, 0);
    expect(a.inscricoes).toEqual({
      vaga: seated.length,
      espera: regs.items.filter((x) => x.situacao === "espera").length,
      desistente: regs.items.filter((x) => x.situacao === "desistente").length,
      vencida: regs.items.filter((x) => x.situacao === "vencida").length,
      acompanhantes: regs.items.filter((x) => x.acompanhante && x.situacao === "vaga").length,
    });
    expect(a.inscricoes).toEqual({ vaga: 5, espera: 0, desistente: 1, vencida: 0, acompanhantes: 0 });
    expect(a.sem_vaga).toEqual({ total: 0, linhas: [] });
    expect(a.esperado.total).toBe(seated.length * 1500);
    expect(a.esperado.total).toBe(sum(a.esperado.linhas));
    expect(a.isencoes).toMatchObject({ total: 1500, linhas: [{ nome: "Dani Contas", detalhe: "Isento" }] });
    expect(a.descontos).toMatchObject({ total: 500, linhas: [{ nome: "Edu Contas" }] });
    const history = await Promise.all(
      r.map(
        async (x) =>
          ((await adminSession.inject("GET", `/api/registrations/${x.id}/payments`)).json() as RegistrationPayments)
            .registros,
      ),
    );
    const money = history.flat().filter((p) => p.tipo === "pagamento" || p.tipo === "estorno");
    expect(a.recebido.total).toBe(sum(money));
    expect(a.recebido.pix_extrato).toBe(sum(money.filter((p) => p.origem === "extrato")));
    expect(a.recebido.pix_manual).toBe(sum(money.filter((p) => p.metodo === "PIX" && p.origem !== "extrato")));
    expect(a.recebido.especie).toBe(sum(money.filter((p) => p.metodo === "ESPECIE")));
    expect(a.recebido).toMatchObject({
      total: 1500 + 1500 + 1500 + 1000,
      pix_extrato: 1500,
      pix_manual: 2500,
      especie: 1500,
    });
    expect(a.recebido.especie_por_pessoa).toEqual([{ nome: "Lia Equipe", valor_centavos: 1500 }]);
    const refunds = (await adminSession.inject("GET", "/api/finance/refunds")).json() as RefundView[];
    expect(a.reembolsos.total).toBe(
      refunds.filter((x) => x.estado === "reembolsado").reduce((s, x) => s + (x.devolvido_centavos ?? 0), 0),
    );
    const expenses = (await adminSession.inject("GET", "/api/finance/expenses")).json() as ExpenseView[];
    expect(a.despesas.total).toBe(sum(expenses));
    expect(a.despesas.por_categoria.find((c) => c.categoria === "onibus")?.valor_centavos).toBe(2500);
    expect(a.saldo).toBe(a.recebido.total - a.reembolsos.total - a.despesas.total);
    const pending = seated.filter((x) => x.status_pagamento === "pendente");
    expect(a.a_receber.linhas.map((x) => x.nome)).toEqual(pending.map((x) => x.nome_completo).sort());
    expect(a.a_receber.total).toBe(pending.length * 1500);

    const xlsx = await adminSession.inject("GET", "/api/finance/accounts.xlsx");
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: Record<string, unknown> = {};
    wb.worksheets[0].eachRow((row) => {
      const [, k, v] = row.values as unknown[];
      if (typeof k === "string") cells[k] = v;
    });
    expect(cells.Saldo).toBe(a.saldo / 100);
    expect(cells["Total recebido"]).toBe(a.recebido.total / 100);
  });

  test("purge removes payer names and descriptions with the registrations; amounts stay", async ({
    t,
    register,
    adminSession,
  }) => {
    const child = await register({ nome_completo: "Téo Purgado", nome_pagador: "Marta Purgada" });
    await importOk(
      adminSession,
      ofx([
        { data: today, valor: "15.00", memo: `Pix - MARTA PURGADA - ${child.referencia}` },
        { data: today, valor: "20.00", memo: "Pix - ALGUEM DESCONHECIDO" },
      ]),
    );
    await purgePersonalData(t.db);
    const [reg] = await t.db.query<{ nome_pagador: string | null }>(
      "SELECT nome_pagador FROM registrations WHERE id = $1",
      [child.id],
    );
    expect(reg.nome_pagador).toBeNull();
    const lines = await t.db.query<{ descricao: string | null; pagador: string | null; valor_centavos: number }>(
      "SELECT descricao, pagador, valor_centavos FROM extrato_linhas",
    );
    expect(lines).toEqual([{ descricao: null, pagador: null, valor_centavos: 1500 }]);
    const [payment] = await t.db.query<{ nome: string }>("SELECT nome FROM pagamentos");
    expect(payment.nome).toBe("T. P.");
    const log = await t.db.query<{ resumo: string }>(
      "SELECT resumo FROM activity_log WHERE tipo = 'pagamento.extrato'",
    );
    expect(log.map((l) => l.resumo).filter((r) => r.includes("T. P."))).toEqual([
      expect.stringMatching(/^Pagamento de T\. P\. confirmado pelo extrato \(código\): .*, R\$ 15,00$/),
    ]);
  });
});
