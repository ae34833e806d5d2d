import { describe, expect, it } from "vitest";
import { readStatement } from "./read-statement";
import { parseOfxAmount, scanOfx } from "./parse-ofx";
import { StatementError } from "./statement-line";

const text = (s: string) => new TextEncoder().encode(s);
const FIVE_MB = 5 * 1024 * 1024 - 64;

/** Reads a file and returns how long it took and what became of it. */
function timed(content: string) {
  const start = performance.now();
  let outcome: string;
  try {
    const read = readStatement(text(content), { saved: [], today: "2025-08-20" });
    outcome = read.kind === "lines" ? `${read.lines.length} linhas` : "colunas";
  } catch (e) {
    if (!(e instanceof StatementError)) throw e;
    outcome = e.message;
  }
  return { ms: performance.now() - start, outcome };
}

/** Bounds wide enough for a loaded machine; the figures and their targets are bench:attack's. */
describe("hostile OFX files are read in time linear in their size", () => {
  it("the review's 53-byte file (a 29-letter tag) is refused at once", () => {
    const file = `OFXHEADER:100\n\n<OFX>\n<${"A".repeat(29)}>x`;
    expect(file).toHaveLength(53);
    const { ms, outcome } = timed(file);
    expect(outcome).toMatch(/não tem transações/);
    // Seconds, not milliseconds, so a busy machine cannot fail it: the old parser took 25 s here.
    expect(ms).toBeLessThan(2000);
  });

  it("40,000 transactions with no closing tags (360 KB) stop at the 20,000-entry limit", () => {
    const { ms, outcome } = timed(`OFXHEADER:100\n\n<OFX>${"<STMTTRN>".repeat(40_000)}`);
    expect(outcome).toMatch(/20\.000 lançamentos/);
    expect(ms).toBeLessThan(5000);
  });

  it.each([
    ["one 5 MB tag", () => `<OFX>\n<${"A".repeat(FIVE_MB)}>x`, /não tem transações/],
    ["5 MB of opening tags", () => `<OFX>${"<STMTTRN>".repeat(FIVE_MB / 9)}`, /20\.000 lançamentos/],
    ["5 MB of '<' with no '>'", () => `<OFX>${"<".repeat(FIVE_MB)}`, /corrompido/],
    ["5 MB of spaces before a tag", () => `<OFX>${" ".repeat(FIVE_MB)}<STMTTRN>`, /data inválida/],
    [
      "5 MB of dots in an amount",
      () => `<OFX><STMTTRN><DTPOSTED>20250812<TRNAMT>1${".1".repeat(FIVE_MB / 2)}x`,
      /valor/,
    ],
    [
      "5 MB of entities",
      () => `<OFX><STMTTRN><DTPOSTED>20250812<TRNAMT>1<MEMO>${"&amp".repeat(FIVE_MB / 4)}`,
      /linhas/,
    ],
  ])("%s", (_, make, message) => {
    const { ms, outcome } = timed(make());
    expect(outcome).toMatch(message);
    // A quadratic reading of 5 MB takes minutes; bench:attack holds the 2-second target.
    expect(ms).toBeLessThan(15_000);
  });

  it("reads lower-case tags, XML entities, and transactions in a card's list", () => {
    const { account, transactions } = scanOfx(
      "<ofx><creditcardmsgsrsv1><bankid>260</bankid><stmttrn><dtposted>20250812</dtposted><trnamt>15.00</trnamt>" +
        "<memo>PIX R&amp;S &#199;</memo></stmttrn></creditcardmsgsrsv1></ofx>",
    );
    expect(account.get("BANKID")).toBe("260");
    expect(transactions.map((t) => t.get("MEMO"))).toEqual(["PIX R&S Ç"]);
  });
});

describe("OFX amounts as the specification writes them", () => {
  it.each([
    ["15.00", 1500],
    ["15,00", 1500],
    ["-15.5", -1550],
    ["+15", 1500],
    ["-1.200,00", -120000],
    ["1,234.56", 123456],
    ["15.0000", 1500],
    ["1.200.000", 120000000],
  ])("%s is %i centavos", (raw, cents) => expect(parseOfxAmount(raw)).toBe(cents));

  it.each(["15,001", "1.200", "15.001", "15.0010", "1,2,3", "1.2.3,4", "12,34.56,78", "0x10", "1e3", "R$ 15,00", ""])(
    "%s is refused as ambiguous or not an amount",
    (raw) => expect(parseOfxAmount(raw)).toBeNull(),
  );

  it("a transaction with '15,001' is refused with its value named", () => {
    const { outcome } = timed("<OFX><STMTTRN><DTPOSTED>20250812<TRNAMT>15,001<MEMO>PIX</STMTTRN>");
    expect(outcome).toMatch(/transação 1 do OFX tem um valor que não dá para ler com certeza \(15,001\)/);
  });
});
