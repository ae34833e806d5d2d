import { expect } from "vitest";
import type { ImportResult } from "../../src/shared/finance-views";
import type { AdminSession } from "./api-fixtures";
import { multipartBody } from "./multipart";

export interface OfxLine {
  data: string;
  valor: string;
  memo: string;
  fitid?: string;
}

let fitids = 0;

/** An OFX 1.02 file as Brazilian banks export it (SGML, open tags), with the given credits. */
export function ofx(lines: OfxLine[], bankId = "0260"): string {
  const body = lines
    .map(
      (l) =>
        `<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>${l.data.replace(/-/g, "")}000000[-3:BRT]\n<TRNAMT>${l.valor}\n<FITID>${
          l.fitid ?? `fit-${++fitids}-${Date.now()}`
        }\n<MEMO>${l.memo}\n</STMTTRN>`,
    )
    .join("\n");
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<BANKACCTFROM>\n<BANKID>${bankId}\n<BRANCHID>1\n<ACCTID>999\n</BANKACCTFROM>\n<BANKTRANLIST>\n${body}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
}

/** "Importar extrato" through the API: the file (and a CSV's columns), as the panel sends them. */
export async function uploadStatement(
  session: AdminSession,
  content: string | Buffer,
  filename = "extrato.ofx",
  colunas?: object,
) {
  const { payload, headers } = multipartBody([
    ...(colunas ? [{ name: "colunas", data: JSON.stringify(colunas) }] : []),
    { name: "arquivo", filename, contentType: "application/octet-stream", data: content },
  ]);
  return session.raw({ method: "POST", url: "/api/finance/statements", payload, headers });
}

/** Imports and expects it to work: the result screen's counts and groups. */
export async function importOk(session: AdminSession, content: string | Buffer, filename?: string, colunas?: object) {
  const res = await uploadStatement(session, content, filename, colunas);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportResult;
}

/** Today in the event's zone (Fortaleza, UTC-3 all year), as the import judges "the future". */
export function todayInFortaleza(): string {
  return new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
}
