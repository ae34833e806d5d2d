import { describe, expect } from "vitest";
import type { ImportResult, StatementLineView } from "../../src/shared/finance-views";
import { apiTest } from "../support/api-fixtures";
import { multipartBody } from "../support/multipart";
import { importOk, ofx, todayInFortaleza, uploadStatement } from "../support/statements";
import { DB_KINDS } from "../support/test-database";

const status = (t: { db: { query: <T>(s: string, p?: unknown[]) => Promise<T[]> } }, id: string) =>
  t.db
    .query<{ status_pagamento: string }>("SELECT status_pagamento FROM registrations WHERE id = $1", [id])
    .then((r) => r[0]?.status_pagamento);

const counts = (r: ImportResult) => ({
  lidas: r.lidas,
  novas: r.novas,
  pagas: r.pagas,
  sugeridas: r.sugeridas,
  sem_correspondencia: r.sem_correspondencia,
  repetidas: r.repetidas,
  ja_pagas: r.ja_pagas,
  ignoradas: r.ignoradas,
});

describe.each(DB_KINDS)("bank statement import on %s", (kind) => {
  const test = apiTest(kind);
  const today = todayInFortaleza();

  test("a code in lower case pays with no click; a name is only suggested, and 'Confirmar' pays it; a second import adds nothing", async ({
    t,
    register,
    adminSession,
  }) => {
    const ana = await register({ nome_completo: "Ana Luiza Costa" });
    const davi = await register({ nome_completo: "Davi Lima", nome_pagador: "José Carlos Pereira" });
    const file = ofx([
      {
        data: today,
        valor: "15.00",
        memo: `Pix recebido - ANA L COSTA - ${ana.referencia.toLowerCase().replace("jdj", "jdj ")}`,
        fitid: "A1",
      },
      {
        data: today,
        valor: "15,00",
        memo: "Transferência recebida pelo Pix - JOSE CARLOS PEREIRA - •••.123.456-••",
        fitid: "A2",
      },
      { data: today, valor: "40.00", memo: "Pix recebido - DOAÇÃO PAROQUIA", fitid: "A3" },
    ]);
    const first = await importOk(adminSession, file);
    expect(counts(first)).toEqual({
      lidas: 3,
      novas: 3,
      pagas: 1,
      sugeridas: 1,
      sem_correspondencia: 1,
      repetidas: 0,
      ja_pagas: 0,
      ignoradas: 0,
    });
    expect(first.banco).toBe("Nubank");
    expect(first.grupos.pagas[0]).toMatchObject({
      como: "codigo",
      pagou: [{ id: ana.id, nome_completo: "Ana Luiza Costa" }],
    });
    expect(await status(t, ana.id)).toBe("confirmado");
    const suggestion = first.grupos.sugeridas[0];
    expect(suggestion.candidatos.map((c) => c.id)).toEqual([davi.id]);
    expect(await status(t, davi.id)).toBe("pendente");

    const confirmed = await adminSession.inject("POST", `/api/finance/lines/${suggestion.id}/confirm`, {
      inscricao_id: davi.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ estado: "paga", como: "nome", pagou: [{ id: davi.id }] });
    expect(await status(t, davi.id)).toBe("confirmado");

    const again = await importOk(adminSession, file);
    expect(counts(again)).toEqual({
      lidas: 3,
      novas: 0,
      pagas: 0,
      sugeridas: 0,
      sem_correspondencia: 0,
      repetidas: 3,
      ja_pagas: 0,
      ignoradas: 0,
    });
    const [{ n }] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pagamentos");
    expect(n).toBe(2);

    // The log names who imported, the line's date, amount and payer, and how it matched.
    const log = await t.db.query<{ ator_nome: string; resumo: string }>(
      "SELECT ator_nome, resumo FROM activity_log WHERE tipo = 'pagamento.extrato' ORDER BY id",
    );
    const br = today.split("-").reverse().join("/");
    expect(log).toEqual([
      {
        ator_nome: adminSession.member.nome,
        resumo: `Pagamento de Ana Luiza Costa confirmado pelo extrato (código): ${br}, R$ 15,00, ANA COSTA`,
      },
      {
        ator_nome: adminSession.member.nome,
        resumo: `Pagamento de Davi Lima confirmado pelo extrato (nome e valor, confirmado): ${br}, R$ 15,00, JOSE CARLOS PEREIRA`,
      },
    ]);
    // No second entry from the registration itself.
    const generic = await t.db.query("SELECT 1 FROM activity_log WHERE tipo = 'pagamento.confirmado'");
    expect(generic).toEqual([]);
  });

  test("siblings in one credit are split; a code already paid is 'Já pago' and a refund to decide", async ({
    t,
    register,
    adminSession,
  }) => {
    const lucia = await register({ nome_completo: "Lucia Souza" });
    const pedro = await register({ nome_completo: "Pedro Souza" });
    const paid = await register({ nome_completo: "Rita Paga" });
    await adminSession.inject("PATCH", `/api/registrations/${paid.id}`, { status_pagamento: "confirmado" });
    const result = await importOk(
      adminSession,
      ofx([
        { data: today, valor: "30.00", memo: `CRED PIX ${lucia.referencia} ${pedro.referencia}` },
        { data: today, valor: "15.00", memo: `PIX ${paid.referencia}` },
      ]),
    );
    expect(result.pagas).toBe(1);
    expect(result.grupos.pagas[0]).toMatchObject({ como: "codigos" });
    const split = await t.db.query<{ inscricao_id: string; valor_centavos: number }>(
      "SELECT inscricao_id, valor_centavos FROM pagamentos WHERE origem = 'extrato' ORDER BY nome",
    );
    expect(split).toEqual([
      { inscricao_id: lucia.id, valor_centavos: 1500 },
      { inscricao_id: pedro.id, valor_centavos: 1500 },
    ]);
    expect(result.ja_pagas).toBe(1);
    expect(result.grupos.ja_pagas[0].candidatos.map((c) => c.id)).toEqual([paid.id]);
    const refunds = await adminSession.inject("GET", "/api/finance/refunds");
    expect(refunds.json()).toMatchObject([
      { origem: "pagamento_duplo", nome: "Rita Paga", valor_centavos: 1500, estado: "pendente" },
    ]);
  });

  test("an unmatched line is linked by hand or ignored; a 'Confirmar' on a line that paid someone else meanwhile gets 409 with its state", async ({
    t,
    register,
    adminSession,
  }) => {
    const bia = await register({ nome_completo: "Bia Fernandes" });
    const caio = await register({ nome_completo: "Caio Fernandes" });
    const result = await importOk(
      adminSession,
      ofx([
        { data: today, valor: "15.00", memo: "PIX RECEBIDO FULANO" },
        { data: today, valor: "99.00", memo: "PIX RECEBIDO OFERTA" },
      ]),
    );
    const line = (valor: number) => result.grupos.sem_correspondencia.find((l) => l.valor_centavos === valor)!;
    const [oferta, fulano] = [line(9900), line(1500)];
    expect(fulano.valor_centavos).toBe(1500);
    const linked = await adminSession.inject("POST", `/api/finance/lines/${fulano.id}/confirm`, {
      inscricao_id: bia.id,
    });
    expect(linked.json()).toMatchObject({ estado: "paga", como: "vinculo" });
    const late = await adminSession.inject("POST", `/api/finance/lines/${fulano.id}/confirm`, {
      inscricao_id: caio.id,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      error: "Esta linha do extrato já foi resolvida por outra pessoa.",
      linha: { estado: "paga" },
    });
    expect(await status(t, caio.id)).toBe("pendente");

    const ignored = await adminSession.inject("POST", `/api/finance/lines/${oferta.id}/ignore`);
    expect(ignored.json()).toMatchObject({ estado: "ignorada" });
    const lists = async (grupo: string) =>
      ((await adminSession.inject("GET", `/api/finance/lines?grupo=${grupo}`)).json() as StatementLineView[]).map(
        (l) => l.id,
      );
    expect(await lists("ignorada")).toEqual([oferta.id]);
    expect(await lists("sem_correspondencia")).toEqual([]);

    // Undoing the payment frees the line for another registration.
    await adminSession.inject("PATCH", `/api/registrations/${bia.id}`, { status_pagamento: "pendente" });
    expect(await lists("sem_correspondencia")).toEqual([fulano.id]);
  });

  test("two coordinators importing the same file at once count it once", async ({ t, register, adminSession }) => {
    const people = await Promise.all([1, 2, 3].map((i) => register({ nome_completo: `Gêmeo ${i} Silva` })));
    const file = ofx(
      people.map((p, i) => ({ data: today, valor: "15.00", memo: `PIX ${p.referencia}`, fitid: `C${i}` })),
    );
    const [a, b] = await Promise.all([uploadStatement(adminSession, file), uploadStatement(adminSession, file)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const results = [a.json(), b.json()] as ImportResult[];
    expect(results.map((r) => r.novas).sort()).toEqual([0, 3]);
    expect(results.map((r) => r.repetidas).sort()).toEqual([0, 3]);
    const [{ lines, payments }] = await t.db.query<{ lines: number; payments: number }>(
      "SELECT (SELECT count(*)::int FROM extrato_linhas) AS lines, (SELECT count(*)::int FROM pagamentos) AS payments",
    );
    expect({ lines, payments }).toEqual({ lines: 3, payments: 3 });
  });

  test("a CSV of an unknown bank asks for its columns, then remembers them", async ({ register, adminSession }) => {
    const rita = await register({ nome_completo: "Rita Moura" });
    const csv = `Data;Histórico;Valor\n${today.split("-").reverse().join("/")};PIX REM: RITA M ${rita.referencia};15,00\n`;
    const asked = await uploadStatement(adminSession, csv, "extrato.csv");
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toMatchObject({ colunas: ["Data", "Histórico", "Valor"] });
    const columns = { banco: "Bradesco", data: "Data", valor: "Valor", descricao: "Histórico" };
    const done = await importOk(adminSession, csv, "extrato.csv", columns);
    expect(done).toMatchObject({ banco: "Bradesco", pagas: 1 });
    const saved = await adminSession.inject("GET", "/api/finance/columns");
    expect(saved.json()).toMatchObject([columns]);
    expect((await uploadStatement(adminSession, csv.replace("15,00", "15,01"), "outro.csv")).statusCode).toBe(200);
  });

  test.for<[string, Buffer, number, string]>([
    ["a PDF named .ofx", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj"), 400, "Este arquivo é um PDF"],
    ["an empty file", Buffer.alloc(0), 400, "O arquivo está vazio."],
    ["a file over 5 MB", Buffer.alloc(5 * 1024 * 1024 + 10, 65), 413, "O arquivo passa de 5 MB"],
    ["broken encoding", Buffer.from([0x4f, 0x46, 0x58, 0xff, 0xfe, 0x00, 0x01]), 400, "não é um extrato"],
    [
      "a date in the future",
      Buffer.from(ofx([{ data: "2999-01-01", valor: "15.00", memo: "PIX" }])),
      400,
      "data no futuro",
    ],
    [
      "an absurd amount",
      Buffer.from(ofx([{ data: "2025-01-02", valor: "99999999.00", memo: "PIX" }])),
      400,
      "fora do comum",
    ],
    [
      "a negative amount only",
      Buffer.from(ofx([{ data: "2025-01-02", valor: "-15.00", memo: "PIX" }])),
      400,
      "nenhum crédito",
    ],
    [
      "duplicate ids in one file",
      Buffer.from(
        ofx([
          { data: "2025-01-02", valor: "15.00", memo: "A", fitid: "X" },
          { data: "2025-01-02", valor: "15.00", memo: "B", fitid: "X" },
        ]),
      ),
      400,
      "repete o identificador X",
    ],
  ])("%s is refused in pt-BR and changes nothing", async ([, content, code, message], { t, adminSession }) => {
    const res = await uploadStatement(adminSession, content);
    expect(res.statusCode, res.body).toBe(code);
    expect(res.json().error).toContain(message);
    const [{ n }] = await t.db.query<{ n: number }>(
      "SELECT (SELECT count(*) FROM extrato_linhas) + (SELECT count(*) FROM extrato_importacoes) AS n",
    );
    expect(Number(n)).toBe(0);
  });

  test("the payer's name comes from the form or, with the registration's token, from the thank-you page; the list finds a code", async ({
    t,
    register,
    adminSession,
  }) => {
    const r = await register({ nome_completo: "Téo Pagador", nome_pagador: "  Marta   Souza " });
    const stored = async () =>
      (
        await t.db.query<{ nome_pagador: string | null }>("SELECT nome_pagador FROM registrations WHERE id = $1", [
          r.id,
        ])
      )[0].nome_pagador;
    expect(await stored()).toBe("Marta   Souza");
    const put = (token: string | null, body: object) =>
      t.app.inject({
        method: "PUT",
        url: `/api/registrations/${r.id}/payer`,
        payload: body,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await put(null, { nome_pagador: "X Y" })).statusCode).toBe(401);
    expect((await put("a".repeat(43), { nome_pagador: "X Y" })).statusCode).toBe(403);
    const tooLong = await put(r.upload_token, { nome_pagador: "x".repeat(121) });
    expect(tooLong.json()).toEqual({ error: "Nome de quem vai pagar deve ter no máximo 120 caracteres" });
    expect((await put(r.upload_token, { nome_pagador: "João Souza" })).json()).toEqual({ nome_pagador: "João Souza" });
    expect(await stored()).toBe("João Souza");
    const found = await adminSession.inject(
      "GET",
      `/api/registrations?q=${encodeURIComponent(r.referencia.toLowerCase().replace("jdj", "jdj "))}`,
    );
    expect(found.json().items.map((x: { id: string }) => x.id)).toEqual([r.id]);
  });

  test("Equipe cannot import, resolve lines, or read them", async ({ equipeSession }) => {
    expect((await uploadStatement(equipeSession, ofx([]))).statusCode).toBe(403);
    expect((await equipeSession.inject("GET", "/api/finance/lines?grupo=sugerida")).statusCode).toBe(403);
    expect((await equipeSession.inject("POST", "/api/finance/lines/1/ignore")).statusCode).toBe(403);
  });

  test("files sent at once are read one at a time, each told its place; a crafted CSV is refused before it is split", async ({
    adminSession,
  }) => {
    const [d, m, y] = today.split("-").reverse();
    const csv = (n: number) =>
      `Data,Valor,Identificador,Descrição\n${Array.from(
        { length: 3000 },
        (_, i) => `${d}/${m}/${y},-1.00,${n}-${i},Transferência enviada pelo Pix - LOJA ${i}`,
      ).join("\n")}\n${d}/${m}/${y},15.00,${n}-credito,Transferência recebida pelo Pix - FULANA ${n}\n`;
    const tickets = ["1", "2", "3"].map((n) => `0b8e6c1a-2f4d-4e7a-9c3b-5d6e7f809a1${n}`);
    const places: unknown[] = [];
    let done = false;
    const uploads = Promise.all(
      tickets.map((ticket, i) => {
        const { payload, headers } = multipartBody([
          { name: "leitura", data: ticket },
          { name: "arquivo", filename: "nubank.csv", contentType: "text/csv", data: csv(i) },
        ]);
        return adminSession.raw({ method: "POST", url: "/api/finance/statements", payload, headers });
      }),
    ).finally(() => {
      done = true;
    });
    while (!done) {
      for (const ticket of tickets)
        places.push((await adminSession.inject("GET", `/api/finance/statements/queue/${ticket}`)).json().lugar);
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const res of await uploads) expect(res.statusCode, res.body).toBe(200);
    expect(places).toContainEqual({ estado: "lendo" });
    expect(places).toContainEqual({ estado: "fila", antes: 1 });
    expect(places.filter((p) => (p as { estado?: string } | null)?.estado === "lendo").length).toBeGreaterThan(0);

    for (const [file, message] of [
      [`Data;Valor;Descrição\n${d}/${m}/${y};15,00;${"a".repeat(5000)}\n`, /A linha 2 do CSV é longa demais/],
      [`Data;Valor;Descrição\n${d}/${m}/${y};15,00;PIX${";".repeat(400)}\n`, /A linha 2 do CSV tem colunas demais/],
    ] as const) {
      const res = await uploadStatement(adminSession, file, "extrato.csv");
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });
});
