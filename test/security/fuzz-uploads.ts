import fc from "fast-check";
import { headerValue, hostileString } from "./fuzz-arbitraries";

/** No receipt format starts like this, so nothing the fuzzer uploads can ever be stored. */
const NOT_A_RECEIPT = Buffer.from("XXXXXXXX");
const fileBytes = fc.uint8Array({ maxLength: 3000 }).map((b) => Buffer.concat([NOT_A_RECEIPT, Buffer.from(b)]));
const fileName = fc.oneof(
  fc.constantFrom(
    ...["comprovante.jpg", "../../etc/passwd", "..", ".", "a/b.jpg", "a\\b.jpg", "x\u0000.jpg", "\u202egpj.exe"],
    ...["x".repeat(300), "", "foto.JPG", "😀.jpg", 'a"; name="x'],
  ),
  hostileString,
);

/** Builds a multipart body by hand (names are not escaped: a hostile one breaks the structure, as an attacker's would). */
function multipart(
  boundary: string,
  parts: { name: string; filename?: string; contentType?: string; data: Buffer }[],
  close = true,
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += "\r\n";
    if (p.contentType !== undefined) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), p.data, Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const part = fc.record(
  {
    name: fc.oneof(fc.constant("file"), hostileString),
    filename: fileName,
    contentType: fc.oneof(fc.constantFrom("image/jpeg", "application/pdf", "text/html"), headerValue),
    data: fileBytes,
  },
  { requiredKeys: ["name", "data"] },
);

/** Upload bodies that must never become a stored receipt: wrong parts, broken structure, wrong types. */
export const hostileUpload: fc.Arbitrary<{ payload: Buffer; contentType: string }> = fc.oneof(
  // Well-formed, with the wrong parts: several files, fields, hostile names, empty or unknown files.
  fc
    .array(part, { maxLength: 3 })
    .map((parts) => ({ payload: multipart("b0undary", parts), contentType: "multipart/form-data; boundary=b0undary" })),
  // Cut off anywhere.
  fc.tuple(part, fc.double({ min: 0, max: 1, noNaN: true })).map(([p, f]) => {
    const full = multipart("b0undary", [p]);
    return {
      payload: full.subarray(0, Math.floor(full.length * f)),
      contentType: "multipart/form-data; boundary=b0undary",
    };
  }),
  // The boundary in the header is not the one in the body, or is missing, or is hostile.
  fc
    .tuple(
      part,
      fc.constantFrom(
        ...["multipart/form-data; boundary=other", "multipart/form-data", "multipart/form-data; boundary="],
        ...['multipart/form-data; boundary="', `multipart/form-data; boundary=${"b".repeat(200)}`],
      ),
    )
    .map(([p, contentType]) => ({ payload: multipart("b0undary", [p]), contentType })),
  // Not multipart at all.
  fc
    .tuple(
      fileBytes,
      fc.oneof(
        fc.constantFrom("image/jpeg", "application/octet-stream", "application/json", "text/plain"),
        headerValue,
      ),
    )
    .map(([payload, contentType]) => ({ payload, contentType })),
  // Too many header lines in a part.
  fileBytes.map((data) => {
    const lines = Array.from({ length: 30 }, (_, i) => `X-H${i}: v\r\n`).join("");
    const head = `--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n${lines}\r\n`;
    const payload = Buffer.concat([Buffer.from(head), data, Buffer.from("\r\n--b0undary--\r\n")]);
    return { payload, contentType: "multipart/form-data; boundary=b0undary" };
  }),
);
