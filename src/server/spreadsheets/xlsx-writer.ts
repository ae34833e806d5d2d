import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";
import { type AsyncFlateStreamHandler, Zip, type ZipInputFile } from "fflate";

/**
 * A minimal streaming .xlsx (SpreadsheetML) writer: fflate lays out the zip,
 * Node's zlib compresses. One sheet, inline strings (no shared-string table to
 * hold in memory), numbers, dates and a bold style. Rows are compressed and
 * handed out as they are written.
 */

export type XlsxCell = string | number | { date: number } | null;
export interface XlsxRow {
  cells: XlsxCell[];
  bold?: boolean;
}

const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Style indexes in styles.xml's cellXfs.
const STYLE_BOLD = 1;
const STYLE_DATE = 2;
const STYLE_BOLD_DATE = 3;

// Characters XML 1.0 forbids (control characters, lone surrogates, U+FFFE/U+FFFF) are dropped.
const INVALID_XML_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function xmlText(value: string): string {
  return value.replace(INVALID_XML_CHARS, "").replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

export function columnName(index: number): string {
  let n = index + 1;
  let name = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

function cellXml(cell: XlsxCell, ref: string, bold: boolean): string {
  if (cell === null) return "";
  const s = bold ? ` s="${STYLE_BOLD}"` : "";
  if (typeof cell === "number") return Number.isFinite(cell) ? `<c r="${ref}"${s}><v>${cell}</v></c>` : "";
  if (typeof cell === "object") {
    return `<c r="${ref}" s="${bold ? STYLE_BOLD_DATE : STYLE_DATE}"><v>${cell.date}</v></c>`;
  }
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`;
}

export function rowXml(row: XlsxRow, rowNumber: number): string {
  const cells = row.cells.map((c, i) => cellXml(c, `${columnName(i)}${rowNumber}`, row.bold ?? false)).join("");
  return `<row r="${rowNumber}">${cells}</row>`;
}

function staticParts(sheetName: string): [string, string][] {
  return [
    [
      "[Content_Types].xml",
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        "</Types>",
    ],
    [
      "_rels/.rels",
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
        "</Relationships>",
    ],
    [
      "xl/workbook.xml",
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        `<bookViews><workbookView/></bookViews><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
        "</workbook>",
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
        "</Relationships>",
    ],
    [
      "xl/styles.xml",
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
        '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy hh:mm"/></numFmts>' +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="4">' +
        '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
        '<xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
        "</cellXfs>" +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        "</styleSheet>",
    ],
  ];
}

function sheetHead(columnWidths: number[]): string {
  const cols = columnWidths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("");
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    // The header row stays visible while scrolling.
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>`
  );
}

const SHEET_TAIL = "</sheetData></worksheet>";

const deflateRawAsync = promisify(deflateRaw);
const LEVEL = 6;

/**
 * A zip entry deflated by Node's native zlib on the thread pool, not by
 * fflate's JavaScript deflate, which held the main thread (decision 012).
 * Each push is deflated on
 * its own and ends with a sync flush, so the pieces join into one valid
 * deflate stream and can be compressed while the next batch is read.
 */
class NativeDeflateEntry implements ZipInputFile {
  size = 0;
  crc = 0;
  readonly compression = 8;
  ondata?: AsyncFlateStreamHandler;
  constructor(readonly filename: string) {}

  async push(data: Uint8Array, final = false): Promise<void> {
    this.size += data.length;
    this.crc = crc32(data, this.crc);
    const out = await deflateRawAsync(data, {
      level: LEVEL,
      finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    });
    this.ondata!(null, new Uint8Array(out.buffer, out.byteOffset, out.length), final);
  }
}

/** Yields the .xlsx bytes while the row batches are consumed. */
export async function* writeXlsx(opts: {
  sheetName: string;
  columnWidths: number[];
  rows: AsyncIterable<XlsxRow[]>;
}): AsyncGenerator<Buffer> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else out.push(data);
  });
  const drain = (): Buffer | null => {
    if (failure) throw failure;
    if (out.length === 0) return null;
    const chunk = Buffer.concat(out);
    out.length = 0;
    return chunk;
  };
  const utf8 = (s: string) => Buffer.from(s, "utf8");

  for (const [name, text] of staticParts(opts.sheetName)) {
    const file = new NativeDeflateEntry(name);
    zip.add(file);
    await file.push(utf8(text), true);
  }
  const sheet = new NativeDeflateEntry("xl/worksheets/sheet1.xml");
  zip.add(sheet);
  await sheet.push(utf8(sheetHead(opts.columnWidths)));

  let rowNumber = 0;
  let compressing: Promise<void> = Promise.resolve();
  // The loop asks for the next batch while the previous one is still being compressed.
  for await (const batch of opts.rows) {
    let xml = "";
    for (const row of batch) xml += rowXml(row, ++rowNumber);
    await compressing;
    const chunk = drain();
    if (chunk) yield chunk;
    compressing = sheet.push(utf8(xml));
    // Handled here too, so an export abandoned mid-batch leaves no unhandled rejection.
    compressing.catch(() => {});
  }
  await compressing;
  await sheet.push(utf8(SHEET_TAIL), true);
  zip.end();
  const last = drain();
  if (last) yield last;
}
