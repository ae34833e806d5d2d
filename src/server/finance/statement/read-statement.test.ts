import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAmount, parseDay, StatementError } from "./statement-line";
import { readStatement, type SavedColumns, type StatementRead } from "./read-statement";

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "fixtures", name)));
const today = "2025-08-20";
const read = async (bytes: Uint8Array, columns?: SavedColumns, saved: SavedColumns[] = []) =>
  readStatement(bytes, { columns, saved, today });
function lines(result: StatementRead) {
  if (result.kind !== "lines") throw new Error(`expected lines, got ${result.kind}`);
  return result.lines.map(({ data, valorCentavos, descricao }) => ({ data, valorCentavos, descricao }));
}
const text = (s: string) => new TextEncoder().encode(s);

describe("amounts and dates as Brazilian banks write them", () => {
  it.each([
    ["15.00", 1500],
    ["15,00", 1500],
    ["1.234,56", 123456],
    ["1234.56", 123456],
    ["1,234.56", 123456],
    ["-42,90", -4290],
    ["R$ 15,00", 1500],
    ["15", 1500],
    ["15,5", 1550],
    ["15,00 D", -1500],
    ["(10,00)", -1000],
  ])("%s is %i centavos", (raw, cents) => expect(parseAmount(raw)).toBe(cents));

  it.each(["", "abc", "1.2.3,4,5", "15..00", "NaN", "1e9"])("%s is no amount", (raw) =>
    expect(parseAmount(raw)).toBeNull(),
  );

  it.each([
    ["12/08/2025", "2025-08-12"],
    ["12/08/25", "2025-08-12"],
    ["2025-08-12", "2025-08-12"],
    ["20250812", "2025-08-12"],
    ["20250812120000[-3:BRT]", "2025-08-12"],
    ["20250814100000[-03:EST]", "2025-08-14"],
  ])("%s is %s", (raw, day) => expect(parseDay(raw)).toBe(day));

  it.each(["31/02/2025", "2025-13-01", "hoje", ""])("%s is no day", (raw) => expect(parseDay(raw)).toBeNull());
});

describe("the banks' files", () => {
  it("Nubank OFX in Windows-1252: only the credits, accents read right", async () => {
    expect(lines(await read(fixture("nubank.ofx")))).toEqual([
      {
        data: "2025-08-12",
        valorCentavos: 1500,
        descricao: expect.stringContaining("JOSÉ CARLOS PEREIRA - •••.123.456-••"),
      },
      { data: "2025-08-13", valorCentavos: 1500, descricao: expect.stringContaining("ITAÚ UNIBANCO S.A. (0341)") },
    ]);
  });

  it("a Nubank OFX whose header says 1252 but is written in UTF-8 still reads right, with the same identities", async () => {
    const lying = await read(fixture("nubank-utf8-header-1252.ofx"));
    const honest = await read(fixture("nubank.ofx"));
    expect(lines(lying)).toEqual(lines(honest));
    expect(lying.kind === "lines" && lying.lines.map((l) => l.chave)).toEqual(
      honest.kind === "lines" && honest.lines.map((l) => l.chave),
    );
  });

  it("Nubank CSV is known without asking for columns", async () => {
    const result = await read(fixture("nubank.csv"));
    expect(result.kind === "lines" && result.statement.banco).toBe("Nubank");
    expect(lines(result).map((l) => l.valorCentavos)).toEqual([1500, 1500]);
    expect(lines(result)[1].descricao).toMatch(/jdj 7k3q$/);
  });

  it("Itaú OFX: amounts with a comma, names cut short", async () => {
    const result = await read(fixture("itau.ofx"));
    expect(result.kind === "lines" && result.statement.banco).toBe("Itaú");
    expect(lines(result)).toEqual([
      { data: "2025-08-12", valorCentavos: 1500, descricao: "PIX TRANSF MAC SER12/08" },
      { data: "2025-08-12", valorCentavos: 1500, descricao: "PIX TRANSF JOÃO PE12/08" },
    ]);
  });

  it("Caixa OFX 2.x in XML", async () => {
    const result = await read(fixture("caixa.ofx"));
    expect(result.kind === "lines" && result.statement.banco).toBe("Caixa");
    expect(lines(result)).toEqual([
      { data: "2025-08-14", valorCentavos: 3000, descricao: "CRED PIX JDJ2AB3 JDJ4CD5 LUCIA" },
      { data: "2025-08-14", valorCentavos: 1500, descricao: "CRED PIX RAQUEL DA CONCEIÇÃO" },
    ]);
  });

  it("Bradesco CSV asks for its columns once, then reads ';' and 1.234,56 with 'Rem:'", async () => {
    const first = await read(fixture("bradesco.csv"));
    expect(first).toEqual({
      kind: "columns",
      header: ["Data", "Histórico", "Docto.", "Crédito (R$)", "Débito (R$)", "Saldo (R$)"],
      sample: expect.any(Array),
    });
    const columns = { banco: "Bradesco", data: "Data", valor: "Crédito (R$)", descricao: "Histórico" };
    expect(lines(await read(fixture("bradesco.csv"), columns))).toEqual([
      { data: "2025-08-12", valorCentavos: 1500, descricao: "TRANSFERENCIA PIX REM: MARIA DE FATIMA 12/08" },
      { data: "2025-08-13", valorCentavos: 1500, descricao: "TRANSFERENCIA PIX REM: PAULO ROBERTO S 13/08" },
    ]);
    // Saved, the mapping is offered next time: no question.
    expect((await read(fixture("bradesco.csv"), undefined, [columns])).kind).toBe("lines");
  });

  it("Banco do Brasil CSV in Latin-1: 'Pix - Recebido', balances left out", async () => {
    const columns = { banco: "BB", data: "Data", valor: "Valor", descricao: "Detalhes", identificador: "N° documento" };
    expect(lines(await read(fixture("banco-do-brasil.csv"), columns))).toEqual([
      { data: "2025-08-12", valorCentavos: 1500, descricao: "12/08 14:32 00012345678 TERESA CRISTINA" },
    ]);
  });

  it("Inter CSV: the header after the account's lines", async () => {
    const columns = { banco: "Inter", data: "Data Lançamento", valor: "Valor", descricao: "Descrição" };
    expect(lines(await read(fixture("inter.csv"), columns))).toEqual([
      { data: "2025-08-12", valorCentavos: 1500, descricao: "Cp :00000000-RAFAEL AUGUSTO LIMA" },
    ]);
  });

  it("the same line read twice keeps its identity; two identical lines without ids get two", async () => {
    const csv = "Data;Valor;Descrição\n12/08/2025;15,00;PIX MARIA\n12/08/2025;15,00;PIX MARIA\n";
    const columns = { banco: "X", data: "Data", valor: "Valor", descricao: "Descrição" };
    const a = await read(text(csv), columns);
    const b = await read(text(csv), columns);
    if (a.kind !== "lines" || b.kind !== "lines") throw new Error("lines expected");
    expect(a.lines.map((l) => l.chave)).toEqual(b.lines.map((l) => l.chave));
    expect(new Set(a.lines.map((l) => l.chave)).size).toBe(2);
  });
});

describe("files refused, with a pt-BR reason", () => {
  const refused = async (bytes: Uint8Array, columns?: SavedColumns) => {
    try {
      await read(bytes, columns);
    } catch (e) {
      expect(e).toBeInstanceOf(StatementError);
      return (e as Error).message;
    }
    throw new Error("not refused");
  };
  const columns = { banco: "X", data: "Data", valor: "Valor", descricao: "Descrição" };

  it.each([
    ["a PDF named .ofx", text("%PDF-1.7\n1 0 obj"), /é um PDF/],
    ["a picture", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), /imagem/],
    ["an empty file", new Uint8Array(), /vazio/],
    ["blank lines", text("\n \n"), /vazio/],
    ["a file over 5 MB", new Uint8Array(5 * 1024 * 1024 + 1).fill(65), /5 MB/],
    ["binary noise", new Uint8Array([1, 2, 3, 200, 7, 9, 0, 4]), /não é um extrato/],
    ["a broken OFX", text("OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRN><TRNAMT>1</OFX></x>"), /OFX/],
  ])("%s", async (_, bytes, message) => expect(await refused(bytes)).toMatch(message));

  it("a file over 20,000 entries", async () =>
    expect(await refused(text(`Data;Valor;Descrição\n${"12/08/2025;15,00;PIX\n".repeat(20_001)}`), columns)).toMatch(
      /20\.000 lançamentos/,
    ));
  it("a CSV with no header over dated rows", async () =>
    expect(await refused(text("a;b;c\nx;y;z\n"))).toMatch(/linha de títulos/));
  it("columns that are not in the file", async () =>
    expect(await refused(text("Dia;Quanto;Texto\n12/08/2025;15,00;PIX\n"), columns)).toMatch(
      /Colunas do arquivo: Dia/,
    ));
  it("an amount column that holds words", async () =>
    expect(await refused(text("Data;Valor;Descrição\n12/08/2025;quinze;PIX\n"), columns)).toMatch(/linha 2.*quinze/));
  it("a date in the future", async () =>
    expect(await refused(text("Data;Valor;Descrição\n12/09/2025;15,00;PIX\n"), columns)).toMatch(
      /futuro \(12\/09\/2025\)/,
    ));
  it("an absurd amount", async () =>
    expect(await refused(text("Data;Valor;Descrição\n12/08/2025;15000000,00;PIX\n"), columns)).toMatch(
      /fora do comum/,
    ));
  it("only debits", async () =>
    expect(await refused(text("Data;Valor;Descrição\n12/08/2025;-15,00;PIX\n"), columns)).toMatch(/nenhum crédito/));
  it("an id twice in one file", async () =>
    expect(
      await refused(text("Data,Valor,Identificador,Descrição\n12/08/2025,15.00,abc,PIX\n13/08/2025,15.00,abc,PIX\n")),
    ).toMatch(/repete o identificador abc \(linhas 2 e 3\)/));
});

describe("a wrong column mapping never turns money out into a payment", () => {
  const csv = [
    "Data;Descrição;Valor;Tipo;Saldo Final",
    "12/08/2025;PIX RECEBIDO MARIA JDJ7K3Q;15,00;C;1.015,00",
    "13/08/2025;PIX ENVIADO REEMBOLSO JOAO JDJ4CD5;20,00;D;995,00",
    "14/08/2025;TRANSFERENCIA RECEBIDA ANA;15,00;C;1.010,00",
  ].join("\n");
  const mapping = (valor: string) => ({ banco: "Meu banco", data: "Data", valor, descricao: "Descrição" });

  it("a balance column is refused as the amount, naming it", async () => {
    await expect(read(text(csv), mapping("Saldo Final"))).rejects.toThrow(/“Saldo Final” é o saldo da conta/);
  });

  it("a debit written as a positive amount is left out, by its kind and by its words", async () => {
    expect(lines(await read(text(csv), mapping("Valor"))).map((l) => l.descricao)).toEqual([
      "PIX RECEBIDO MARIA JDJ7K3Q",
      "TRANSFERENCIA RECEBIDA ANA",
    ]);
    const noKind = csv.replace(/;[CD];/g, ";;");
    expect(lines(await read(text(noKind), mapping("Valor"))).map((l) => l.descricao)).not.toContain(
      "PIX ENVIADO REEMBOLSO JOAO JDJ4CD5",
    );
  });
});

describe("the review's second look at the CSV and the ids", () => {
  const mapping = (valor: string) => ({ banco: "Meu banco", data: "Data", valor, descricao: "Descrição" });
  it("a debit column is refused as the amount, and a 'C/D' column marks the debits", async () => {
    const csv = "Data;Descrição;Débito;Crédito;C/D\n12/08/2025;PIX MARIA;;15,00;C\n13/08/2025;PIX JOSE;20,00;20,00;D\n";
    await expect(read(text(csv), mapping("Débito"))).rejects.toThrow(/“Débito” é o dinheiro que saiu/);
    expect(lines(await read(text(csv), mapping("Crédito"))).map((l) => l.descricao)).toEqual(["PIX MARIA"]);
  });

  it("a payer's message that says 'compra' or 'débito' is still a credit", async () => {
    const csv = "Data;Descrição;Valor\n12/08/2025;PIX RECEBIDO ANA - compra da camiseta, débito da caravana;15,00\n";
    expect(lines(await read(text(csv), mapping("Valor")))).toHaveLength(1);
  });

  it("one id on two accounts of a bank is two credits, unless day and amount are the same", async () => {
    const csv = (valor: string) => `Data,Valor,Identificador,Descrição\n12/08/2025,${valor},000123,PIX\n`;
    const key = async (valor: string) => {
      const r = await read(text(csv(valor)));
      if (r.kind !== "lines") throw new Error("lines expected");
      return r.lines[0].chave;
    };
    expect(await key("15.00")).not.toBe(await key("20.00"));
    expect(await key("15.00")).toBe(await key("15.00"));
  });
});

describe("hostile CSV files are read within the time bound", () => {
  const FIVE_MB = 5 * 1024 * 1024 - 64;
  const columns = { banco: "X", data: "Data", valor: "Valor", descricao: "Descrição" };
  it.each([
    ["one quoted field of 5 MB", () => `Data;Valor;Descrição\n12/08/2025;15,00;"${"a".repeat(FIVE_MB)}`],
    ["5 MB of separators", () => `Data;Valor;Descrição\n12/08/2025;15,00;PIX${";".repeat(FIVE_MB)}`],
    ["5 MB of digits as an amount", () => `Data;Valor;Descrição\n12/08/2025;${"1".repeat(FIVE_MB)}x;PIX`],
    ["5 MB of short rows", () => `Data;Valor;Descrição\n${"1;2;3\n".repeat(FIVE_MB / 6)}`],
  ])("%s", async (_, make) => {
    const start = performance.now();
    await read(text(make()), columns).catch((e) => expect(e).toBeInstanceOf(StatementError));
    // Wide enough for a loaded machine: a quadratic reading of 5 MB takes minutes (bench:attack holds 2 s).
    expect(performance.now() - start).toBeLessThan(15_000);
  });
});
