import ExcelJS from "exceljs";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, startAdminTestApp } from "../support/admin-login";
import type { TestApp } from "../support/test-app";
import { todayInFortaleza } from "../support/statements";
import { DB_KINDS } from "../support/test-database";

const HEADERS = [
  "Nome completo",
  "Idade",
  "Número Responsável",
  "Forma de pagamento",
  "Status",
  "Valor",
  "Data da inscrição",
  "Ônibus",
  "Posição na espera",
  "Embarcou (ida)",
  "Embarcou (volta)",
  "Referência",
  "Pago em",
  "Confirmado por",
  "Origem do pagamento",
  "Responsável",
  "Parentesco",
  "Autorização recebida",
  "Acompanhante",
];
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function insert(
  t: TestApp,
  rows: [string, number, string, "PIX" | "ESPECIE", "pendente" | "confirmado", string][],
) {
  for (const [nome, idade, phone, metodo, status, createdAt] of rows) {
    await t.db.query(
      `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`,
      [nome, idade, phone, metodo, status, createdAt],
    );
  }
}

async function readWorkbook(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: ExcelJS.Row[] = [];
  ws.eachRow({ includeEmpty: true }, (row) => rows.push(row));
  return { ws, rows };
}

describe.each(DB_KINDS)("admin exports on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startAdminTestApp(kind);
    cookie = await adminCookie(t.app);
    await insert(t, [
      ["João da Silva", 17, "98999998888", "PIX", "pendente", "2025-08-01T11:05:00Z"],
      ["Ana <b>\"&' Clara", 22, "9833334444", "ESPECIE", "confirmado", "2025-08-02T02:30:00Z"],
      ['=HYPERLINK("http://mal.example")', 30, "98911112222", "PIX", "confirmado", "2025-08-03T15:00:00Z"],
      ["Nome\u0007Com;Controle", 40, "98922223333", "PIX", "pendente", "2025-08-04T12:00:00Z"],
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const download = (url: string) => t.app.inject({ url, headers: { cookie } });

  it("writes a real workbook: headers, rows, formatted phones, real dates and a totals row", async () => {
    const res = await download("/api/registrations/export.xlsx?sort=antigos");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX_TYPE);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="inscricoes-jdj-2025-${todayInFortaleza()}.xlsx"`,
    );
    expect(res.headers["cache-control"]).toBe("no-store");

    const { ws, rows } = await readWorkbook(res.rawPayload);
    expect(ws.name).toBe("Inscrições");
    expect(rows[0].values).toEqual([undefined, ...HEADERS]);
    expect(rows[0].getCell(1).font?.bold).toBe(true);

    const joao = rows[1];
    expect(joao.getCell(1).value).toBe("João da Silva");
    expect(joao.getCell(2).value).toBe(17);
    expect(joao.getCell(3).value).toBe("(98) 99999-8888");
    expect(joao.getCell(4).value).toBe("PIX");
    expect(joao.getCell(5).value).toBe("Pendente");
    // Its own price, in reais as a number.
    expect(joao.getCell(6).value).toBe(15);
    // A real date cell: a serial number with a date format, in Brazil's wall-clock time (11:05 UTC = 08:05).
    const date = joao.getCell(7);
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect(date.numFmt).toBe("dd/mm/yyyy hh:mm");
    expect((date.value as Date).toISOString()).toBe("2025-08-01T08:05:00.000Z");

    const ana = rows[2];
    expect(ana.getCell(1).value).toBe("Ana <b>\"&' Clara");
    expect(ana.getCell(3).value).toBe("(98) 3333-4444");
    expect(ana.getCell(4).value).toBe("Espécie");
    expect(ana.getCell(5).value).toBe("Pago");
    // 02:30 UTC on the 2nd is still the 1st in Brazil.
    expect((ana.getCell(7).value as Date).toISOString()).toBe("2025-08-01T23:30:00.000Z");

    // Text, never a formula; control characters are dropped, not written as broken XML.
    expect(rows[3].getCell(1).value).toBe('=HYPERLINK("http://mal.example")');
    expect(rows[3].getCell(1).formula).toBeUndefined();
    expect(rows[4].getCell(1).value).toBe("NomeCom;Controle");

    expect(rows).toHaveLength(7);
    expect(rows[5].cellCount).toBe(0);
    const totals = rows[6];
    expect(totals.getCell(1).value).toBe("Total: 4 inscrições");
    expect(totals.getCell(4).value).toBe("PIX: 3 · Espécie: 1");
    expect(totals.getCell(5).value).toBe("Pagos: 2 · Pendentes: 2 · Lista de espera: 0");
    expect(totals.getCell(1).font?.bold).toBe(true);
  });

  it("exports only the filtered rows, in the chosen order", async () => {
    const res = await download("/api/registrations/export.xlsx?status=confirmado&sort=nome");
    const { rows } = await readWorkbook(res.rawPayload);
    expect(rows.slice(1, -2).map((r) => r.getCell(1).value)).toEqual([
      '=HYPERLINK("http://mal.example")',
      "Ana <b>\"&' Clara",
    ]);
    expect(rows.at(-1)!.getCell(1).value).toBe("Total: 2 inscrições");
    expect(rows.at(-1)!.getCell(5).value).toBe("Pagos: 2 · Pendentes: 0 · Lista de espera: 0");

    const search = await readWorkbook((await download("/api/registrations/export.xlsx?q=JOAO")).rawPayload);
    expect(search.rows.slice(1, -2).map((r) => r.getCell(1).value)).toEqual(["João da Silva"]);
    expect(search.rows.at(-1)!.getCell(1).value).toBe("Total: 1 inscrição");

    const none = await readWorkbook((await download("/api/registrations/export.xlsx?q=ninguem")).rawPayload);
    expect(none.rows[0].values).toEqual([undefined, ...HEADERS]);
    expect(none.rows.at(-1)!.getCell(1).value).toBe("Total: 0 inscrições");
  });

  it("writes CSV with BOM, ';', CRLF, quoted fields and formula protection", async () => {
    const res = await download("/api/registrations/export.csv?sort=antigos");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="inscricoes-jdj-2025-${todayInFortaleza()}.csv"`,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.slice(0, -2).split("\r\n");
    expect(lines).toEqual([
      HEADERS.map((h) => `"${h}"`).join(";"),
      '"João da Silva";"17";"(98) 99999-8888";"PIX";"Pendente";"R$ 15,00";"01/08/2025 08:05";"";"";"Não";"Não";"";"";"";"";"";"";"";""',
      '"Ana <b>""&\' Clara";"22";"(98) 3333-4444";"Espécie";"Pago";"R$ 15,00";"01/08/2025 23:30";"";"";"Não";"Não";"";"";"";"";"";"";"";""',
      '" =HYPERLINK(""http://mal.example"")";"30";"(98) 91111-2222";"PIX";"Pago";"R$ 15,00";"03/08/2025 12:00";"";"";"Não";"Não";"";"";"";"";"";"";"";""',
      '"Nome\u0007Com;Controle";"40";"(98) 92222-3333";"PIX";"Pendente";"R$ 15,00";"04/08/2025 09:00";"";"";"Não";"Não";"";"";"";"";"";"";"";""',
    ]);

    const filtered = (await download("/api/registrations/export.csv?status=pendente&q=silva")).rawPayload.toString(
      "utf8",
    );
    expect(filtered.split("\r\n").filter(Boolean)).toHaveLength(2);
    expect(filtered).toContain('"João da Silva"');
  });

  it("refuses a bad filter with a pt-BR 400", async () => {
    const res = await download("/api/registrations/export.csv?sort=idade");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Ordenação inválida." });
  });
});

describe.each(DB_KINDS)("exports of 12 000 registrations on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  // Enough for the workbook to stream in three of the export's batches of 5,000, and the CSV of the half
  // that paid in two, each boundary splitting a pair of rows made in the same second. The 50,000-row
  // list and exports, with their time and memory, are bench:admin's (docs/performance.md).
  const N = 12_000;
  beforeAll(async () => {
    t = await startAdminTestApp(kind, { listen: true });
    cookie = await adminCookie(t.app);
    // Same created_at for pairs of rows: the keyset must still neither skip nor repeat.
    // In statements of 4,000: each row fires the registrations' triggers, and one statement of many
    // thousands can pass the server's 10 s statement limit on a busy 2-core machine.
    for (let from = 1; from <= N; from += N / 3)
      await t.db.query(
        `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento, created_at)
         SELECT 'Pessoa ' || g, 4 + g % 60, '989' || lpad(g::text, 8, '0'),
                CASE WHEN g % 3 = 0 THEN 'ESPECIE' ELSE 'PIX' END,
                CASE WHEN g % 2 = 0 THEN 'confirmado' ELSE 'pendente' END,
                timestamptz '2025-08-01 12:00:00+00' + (g / 2) * interval '1 second'
         FROM generate_series($1::int, $2::int) AS g`,
        [from, from + N / 3 - 1],
      );
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it("lists, counts and searches quickly", async () => {
    const started = Date.now();
    // "Pessoa 1", "Pessoa 10"…"Pessoa 19", …, "Pessoa 10000"…"Pessoa 12000": 3,112 names.
    const page = await fetch(`${t.baseUrl}/api/registrations?q=pessoa%201&sort=nome&page=300`, { headers: { cookie } });
    const body = await page.json();
    expect(body).toMatchObject({ page: 300, total: 3112, pageCount: 312 });
    const stats = await (await fetch(`${t.baseUrl}/api/registrations/stats`, { headers: { cookie } })).json();
    expect(stats).toEqual({ total: N, pendentes: N / 2, confirmados: N / 2, pix: N - N / 3, especie: N / 3 });
    // Generous: the point is that nothing walks rows in JavaScript.
    expect(Date.now() - started).toBeLessThan(5000);
  }, 60_000);

  it("streams the whole workbook in batches, every row once", async () => {
    const res = await fetch(`${t.baseUrl}/api/registrations/export.xlsx`, { headers: { cookie } });
    expect(res.status).toBe(200);
    // Streamed: no length known up front.
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(chunks.length).toBeGreaterThan(1);
    const files = unzipSync(Buffer.concat(chunks));
    const sheet = Buffer.from(files["xl/worksheets/sheet1.xml"]).toString("utf8");
    const names = [...sheet.matchAll(/<t xml:space="preserve">(Pessoa \d+)<\/t>/g)].map((m) => m[1]);
    expect(names).toHaveLength(N);
    expect(new Set(names).size).toBe(N);
    expect(names[0]).toBe(`Pessoa ${N}`); // newest first
    expect(sheet).toContain(`Total: ${N} inscrições`);
  }, 120_000);

  it("streams the whole CSV in name order", async () => {
    const res = await fetch(`${t.baseUrl}/api/registrations/export.csv?sort=nome&status=confirmado`, {
      headers: { cookie },
    });
    const lines = (await res.text()).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(N / 2 + 1);
    const names = lines.slice(1).map((l) => l.split(";")[0].replace(/"/g, ""));
    expect(new Set(names).size).toBe(N / 2);
    const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(names).toEqual(sorted);
  }, 120_000);
});
