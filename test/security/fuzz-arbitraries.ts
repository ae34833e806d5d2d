import fc from "fast-check";
import { hasHiddenCharacters } from "../../src/shared/visible-text";
import { registrationInputSchema, registrationPatchSchema } from "../../src/shared/registration-schema";

/** Strings that have broken web apps before: encodings, injections, invisible and reordering characters. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "\t\r\n",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\ud83d",
  "\u202e",
  "\u202egnp.exe",
  "\u2066\u2067\u2068\u2069",
  "\u200b",
  "\ufeff",
  "\u2028\u2029",
  "\u0085",
  "e\u0301\u0301\u0301",
  "Z\u0338\u0322\u031b\u0317\u0344a\u0337l\u0334g\u0335o\u0336",
  "👨‍👩‍👧‍👦",
  "🏳️‍🌈",
  "𝕏𝔶𝔷",
  "ﷺ",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "\"'><svg/onload=alert(1)>",
  "'; DROP TABLE registrations; --",
  '" OR 1=1 --',
  "../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "%E0%A4%A",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text.
  "${7*7}",
  "{{7*7}}",
  "\r\nSet-Cookie: caravana_admin=x",
  '=HYPERLINK("http://evil")',
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "__proto__",
  "constructor",
  "toString",
  "\\",
];

const hostileConstant = fc.constantFrom(...HOSTILE_STRINGS);

/** Random text of every kind, hostile pieces spliced in, and some very long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  hostileConstant,
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.tuple(hostileConstant, fc.string({ unit: "grapheme", maxLength: 10 }), hostileConstant).map((p) => p.join("")),
  fc.tuple(fc.integer({ min: 121, max: 6000 }), hostileConstant).map(([n, s]) => `${"Ab".repeat(n).slice(0, n)}${s}`),
);

/** Any JSON value, with the hostile strings and numbers at the edges. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(0, -1, 3, 4.5, 66, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null, [], {}, [30], {
    a: 1,
  }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Printable ASCII (what an HTTP header can carry), hostile where it can be. */
export const headerValue = fc.oneof(
  fc.string({ unit: fc.constantFrom(..." !\"#$%&'()*+,-./0123456789:;<=>?@AZaz[\\]^_`{|}~".split("")), maxLength: 60 }),
  fc.constantFrom("", "null", "' OR '1'='1", "../../etc/passwd", "%00", "x".repeat(5000)),
);

const goodName = fc.constantFrom("Maria da Silva", "João Pedro", "Ana Luíza");
const goodAge = fc.constantFrom(18, 30, "40", 65);
const goodPhone = fc.constantFrom("98999998888", "(98) 99999-8888", "1133334444");
const goodMethod = fc.constantFrom("PIX", "ESPECIE");

const EDIT_FIELDS = ["nome_completo", "idade", "numero_responsavel", "metodo_pagamento", "status_pagamento"];
const extraKey = fc
  .oneof(
    fc.constantFrom(
      "__proto__",
      "constructor",
      "prototype",
      "id",
      "created_at",
      "referencia",
      "upload_token_hash",
      "comprovante_path",
      "is_admin",
      "anonimizado_em",
    ),
    fc.string({ minLength: 1, maxLength: 20 }),
  )
  .filter((k) => !EDIT_FIELDS.includes(k));

type Obj = Record<string, unknown>;
const set = (k: string) => (v: unknown) => (o: Obj) => ({ ...o, [k]: v });

/** A registration-like object: every field sometimes right, sometimes hostile, sometimes missing. */
function registrationLike(withStatus: boolean): fc.Arbitrary<Obj> {
  const field = (good: fc.Arbitrary<unknown>) => fc.oneof(good, hostileValue);
  return fc.record(
    {
      nome_completo: field(goodName),
      idade: field(goodAge),
      numero_responsavel: field(goodPhone),
      metodo_pagamento: field(goodMethod),
      ...(withStatus ? { status_pagamento: field(fc.constantFrom("pendente", "confirmado")) } : {}),
    },
    { requiredKeys: [] },
  );
}

/** One change that makes a payload wrong: a bad value in a field, or a key nobody asked for. */
const breaker = fc.oneof(
  hostileString.filter((s) => s.length > 0).map(set("website")),
  hostileValue.map(set("nome_completo")),
  hostileValue.map(set("idade")),
  hostileValue.map(set("numero_responsavel")),
  hostileValue.map(set("metodo_pagamento")),
  fc.tuple(extraKey, hostileValue).map(([k, v]) => set(k)(v)),
);

/** Whether the server would store this body: its own schema accepts it and the honeypot is empty. */
export function wouldStore(body: unknown): boolean {
  const parsed = registrationInputSchema.safeParse(body);
  return parsed.success && !parsed.data.website;
}

/**
 * POST /api/registrations bodies the server refuses, so the fuzzer never
 * creates a row: missing fields, hostile values, unknown keys, a filled honeypot.
 */
export const invalidRegistration: fc.Arbitrary<Obj> = fc
  .tuple(
    registrationLike(false),
    breaker,
    fc.subarray(["nome_completo", "idade", "numero_responsavel", "metodo_pagamento"]),
  )
  .map(([base, brk, drop]) => {
    const o = brk(base);
    for (const k of drop) delete o[k];
    return o;
  })
  .filter((o) => !wouldStore(o));

/** PATCH bodies the server refuses, safe to aim at a real registration. */
export const invalidPatch: fc.Arbitrary<Obj> = fc
  .tuple(registrationLike(true), breaker)
  .map(([base, brk]) => brk(base))
  .filter((o) => !registrationPatchSchema.safeParse(o).success);

/** Bodies that are not JSON, or not what the route expects, as raw text. */
export const rawBody = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    "{",
    '{"nome_completo":',
    "[1,2",
    '{"a":1,}',
    "nul",
    "\u0000",
    '{"__proto__":{"is_admin":true}}',
    '{"constructor":{"prototype":{"is_admin":true}}}',
    '{"a":1}{"b":2}',
    "\ufeff{}",
    "[]",
    "null",
    "0",
    '""',
    '{"nome_completo":"\\ud800"}',
    `[${"[".repeat(5000)}${"]".repeat(5000)}]`,
  ),
  invalidRegistration.map((o) => JSON.stringify(o)).chain((s) => fc.nat({ max: s.length }).map((n) => s.slice(0, n))),
);

/** Content types a JSON route does not take (or takes with a twist). */
export const wrongContentType = fc.oneof(
  fc.constantFrom(
    "text/plain",
    "text/html",
    "application/x-www-form-urlencoded",
    "application/xml",
    "multipart/form-data; boundary=x",
    "application/json; charset=latin1",
    "application/json; charset=utf-16",
    "application/jsonx",
    "application/vnd.api+json",
    "*/*",
    "application/octet-stream",
  ),
  headerValue,
);

const queryChar = fc.constantFrom(..."abqsptu=&%[]+;,./?:@!$'()*-_~0123456789ABCDEF ".split(""));

/** A query string: known keys with hostile values, duplicates, arrays, and raw bytes. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom("q", "status", "sort", "page", "q[]", "page[x]", "__proto__"),
          fc.string({ maxLength: 8 }),
        ),
        hostileString,
      ),
      { maxLength: 5 },
    )
    .map((pairs) =>
      pairs
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, "\ufffd"))}`)
        .join("&"),
    ),
  fc.string({ unit: queryChar, maxLength: 80 }).map((s) => s.replace(/ /g, "%20")),
  fc.constantFrom(
    "q=%00",
    "q=%ED%A0%80",
    "q=%E0%A4%A",
    "page=0",
    "page=-1",
    "page=1e3",
    "page=99999999999",
    "page=1.5",
    "q=a&q=b",
    "status=TODOS",
    "sort=nome;DROP",
  ),
);

/** A path parameter: real-looking ids, junk, percent-encoded junk and over-long values. */
export const pathParam = fc.oneof(
  fc.uuid(),
  fc.uuid().map((u) => u.toUpperCase()),
  hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "\ufffd"))),
  fc.constantFrom(
    "%E0%A4%A",
    "%zz",
    "%00",
    "..%2F..%2Fetc",
    "00000000-0000-0000-0000-00000000000g",
    "a".repeat(300),
    "%",
  ),
);

/** Names that are odd but valid: they must be stored exactly as typed (trimmed). */
export const oddValidName = fc
  .oneof(
    fc.constantFrom(
      '<script>alert("x")</script>',
      "<img src=x onerror=alert(1)>",
      "O'Brien D'Ávila",
      'Maria "Mãe" da Silva',
      "\u202eanA airaM",
      "José 🙏🏽 Santos",
      "👨‍👩‍👧‍👦 Família",
      "Zoë Ñandú",
      "e\u0301\u0301 combinado",
      "  espaços nas pontas  ",
      "\u00a0Nbsp\u00a0",
      "\ufeffBOM",
      "'; DROP TABLE registrations; --",
      '=HYPERLINK("http://evil")',
      "\u200bzero\u200bwidth",
      "𝕏 Matemático",
    ),
    fc
      .tuple(
        fc.constantFrom(...HOSTILE_STRINGS),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
        fc.constantFrom(...HOSTILE_STRINGS),
      )
      .map((p) => p.join("")),
    fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
    fc.string({ unit: "grapheme-composite", minLength: 1, maxLength: 40 }),
  )
  .filter((n) => {
    const s = n.trim().normalize("NFC");
    return s.length >= 1 && s.length <= 120 && !s.includes("\u0000") && s.isWellFormed() && !hasHiddenCharacters(s);
  });
