import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECEIPT_MAX_BYTES } from "../../src/server/routes/receipts";
import { JSON_BODY_LIMIT } from "../../src/server/app";
import { adminCookie, startAdminTestApp } from "../support/admin-login";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";
import {
  headerValue,
  hostileValue,
  invalidPatch,
  invalidRegistration,
  oddValidName,
  pathParam,
  queryString,
  rawBody,
  wouldStore,
  wrongContentType,
} from "./fuzz-arbitraries";
import { hostileUpload } from "./fuzz-uploads";
import { errorMessage, newToken, SECRET_PERSON, sessionCookie } from "../support/route-walk";

// Fixed seed: a failure replays the same inputs. PGlite gets the full runs, PostgreSQL a quarter (same code paths, slower start).
const SEED = 20_250_816;
const ENGLISH =
  /\b(invalid|expected|required|must|not found|bad request|unsupported|too large|received|input|error)\b/i;

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
type Req = { opts: InjectOptions; allow2xx?: boolean };
const json = (payload: string, contentType = "application/json") => ({
  payload,
  headers: { "content-type": contentType },
});

/** A JSON route's body: a wrong object, raw text, or a right-looking object under a wrong content type. */
const hostileJsonBody = (objects: fc.Arbitrary<unknown>) =>
  fc.oneof(
    objects.map((o) => json(JSON.stringify(o))),
    rawBody.map((s) => json(s)),
    fc.tuple(objects, wrongContentType).map(([o, ct]) => json(JSON.stringify(o), ct)),
  );

describe.each(DB_KINDS)("fuzzing on %s", (kind) => {
  const runs = (n: number) => (kind === "pglite" ? n : Math.max(10, Math.round(n / 4)));
  const stats = { tried: 0, fiveXX: 0, byStatus: {} as Record<number, number> };
  let t: TestApp;
  let cookie: string;
  let target: { id: string; upload_token: string };
  let before: string;

  const snapshot = async () =>
    JSON.stringify([
      await t.db.query("SELECT * FROM registrations ORDER BY id"),
      await t.db.query("SELECT registration_id, path, size_bytes FROM receipts ORDER BY registration_id"),
      await t.db.query("SELECT is_open FROM form_settings"),
    ]);

  beforeAll(async () => {
    t = await startAdminTestApp(kind);
    cookie = await adminCookie(t.app);
    target = (await t.app.inject({ method: "POST", url: "/api/registrations", payload: SECRET_PERSON })).json();
    before = await snapshot();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Sends one input; every answer is a 2xx (only where a random input may be valid) or a 4xx with a pt-BR { error }. */
  async function hit({ opts, allow2xx = false }: Req) {
    const res = await t.app.inject(opts);
    stats.tried++;
    stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
    if (res.statusCode >= 500) stats.fiveXX++;
    const where = `${opts.method ?? "GET"} ${String(opts.url).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
    expect(res.statusCode, where).toBeLessThan(500);
    if (res.statusCode < 400) {
      expect(allow2xx && res.statusCode >= 200, where).toBe(true);
      return res;
    }
    if (opts.method === "HEAD") return res;
    const message = errorMessage(res);
    expect(message, where).toBeTruthy();
    expect(message, where).not.toMatch(ENGLISH);
    expect(Object.keys(res.json()), where).toEqual(["error"]);
    return res;
  }

  const property = (arb: fc.Arbitrary<Req>, numRuns: number) =>
    fc.assert(
      fc.asyncProperty(arb, async (r) => void (await hit(r))),
      { seed: SEED, numRuns: runs(numRuns) },
    );

  /** An admin's cookie, or one that is not a session (none, forged, junk). */
  const anyCookie = () =>
    fc.oneof(
      fc.constant({ cookie }),
      fc.constant({}),
      fc.constant({ cookie: sessionCookie(newToken()) }),
      headerValue.map((v) => ({ cookie: sessionCookie(v) })),
    );

  it("answers hostile registration bodies with a pt-BR 4xx", async () => {
    const registration = fc
      .tuple(hostileJsonBody(invalidRegistration), fc.option(fc.oneof(fc.uuid(), headerValue), { nil: undefined }))
      .filter(([body]) => {
        // Raw text that happens to be a valid registration would create a row.
        try {
          return !wouldStore(JSON.parse(body.payload));
        } catch {
          return true;
        }
      })
      .map(
        ([body, key]): Req => ({
          opts: {
            method: "POST",
            url: "/api/registrations",
            ...body,
            headers: { ...body.headers, ...(key !== undefined ? { "idempotency-key": key } : {}) },
          },
        }),
      );
    await property(registration, 1200);
  }, 180_000);

  it("answers hostile logins and logouts with a pt-BR 4xx (or the logout's 204)", async () => {
    const login = fc
      .tuple(
        hostileJsonBody(fc.oneof(fc.record({ password: hostileValue }, { requiredKeys: [] }), hostileValue)),
        fc.ipV4(),
      )
      .map(([body, ip]): Req => ({ opts: { method: "POST", url: "/api/session", remoteAddress: ip, ...body } }));
    await property(login, 120);
    // Never the admin's own cookie here: a logout must not end the session the other properties use.
    const session = fc
      .tuple(
        fc.constantFrom("GET" as const, "DELETE" as const),
        headerValue,
        fc.option(rawBody, { nil: undefined }),
        queryString,
      )
      .map(
        ([method, junk, body, q]): Req => ({
          opts: {
            method,
            url: `/api/session?${q}`,
            headers: {
              cookie: sessionCookie(junk),
              ...(body !== undefined ? { "content-type": "application/json" } : {}),
            },
            payload: body,
          },
          allow2xx: true,
        }),
      );
    await property(session, 200);
  }, 180_000);

  it("answers hostile admin requests with a pt-BR 4xx, with a session and without", async () => {
    const admin = fc
      .tuple(
        anyCookie(),
        fc.oneof(
          hostileJsonBody(invalidPatch).map(
            (b): Req => ({ opts: { method: "PATCH", url: `/api/registrations/${target.id}`, ...b } }),
          ),
          fc
            .tuple(pathParam, hostileJsonBody(hostileValue))
            .map(([id, b]): Req => ({ opts: { method: "PATCH", url: `/api/registrations/${id}`, ...b } })),
          pathParam.map((id): Req => ({ opts: { method: "DELETE", url: `/api/registrations/${id}` } })),
          fc
            .tuple(fc.constantFrom("GET" as const, "HEAD" as const), pathParam)
            .map(([method, id]): Req => ({ opts: { method, url: `/api/registrations/${id}/receipt` } })),
          hostileJsonBody(fc.oneof(fc.record({ is_open: hostileValue }), hostileValue)).map(
            (b): Req => ({ opts: { method: "PUT", url: "/api/form-status", ...b }, allow2xx: true }),
          ),
          fc
            .tuple(fc.constantFrom("", "/stats", "/export.csv", "/export.xlsx"), queryString)
            .map(
              ([path, q]): Req => ({ opts: { method: "GET", url: `/api/registrations${path}?${q}` }, allow2xx: true }),
            ),
        ),
      )
      .map(([headers, req]): Req => ({ ...req, opts: { ...req.opts, headers: { ...req.opts.headers, ...headers } } }));
    try {
      await property(admin, 1200);
    } finally {
      // A random { is_open: false } may have closed the form; valid, but the data check below wants it open.
      await t.db.query("UPDATE form_settings SET is_open = true");
    }
  }, 180_000);

  it("answers hostile roll call marks with a pt-BR 4xx or a harmless 2xx, and never counts twice", async () => {
    const moment = fc
      .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })
      .map((d) => d.toISOString());
    const mark = fc.record(
      {
        id: fc.oneof(fc.uuid(), hostileValue),
        inscricao_id: fc.oneof(fc.constant(target.id), fc.uuid(), hostileValue),
        viagem: fc.oneof(fc.constantFrom("ida", "volta"), hostileValue),
        embarcou: fc.oneof(fc.boolean(), hostileValue),
        feito_em: fc.oneof(moment, hostileValue),
      },
      { requiredKeys: [] },
    );
    const boarding = fc
      .tuple(
        anyCookie(),
        fc.oneof(
          hostileJsonBody(fc.oneof(fc.record({ marcas: fc.array(mark, { maxLength: 5 }) }), hostileValue)).map(
            (b): Req => ({ opts: { method: "POST", url: "/api/boarding/marks", ...b }, allow2xx: true }),
          ),
          hostileJsonBody(fc.oneof(fc.record({ inscricao_id: fc.oneof(fc.uuid(), hostileValue) }), hostileValue)).map(
            (b): Req => ({ opts: { method: "POST", url: "/api/boarding/cash", ...b } }),
          ),
        ),
      )
      .map(([headers, req]): Req => ({ ...req, opts: { ...req.opts, headers: { ...req.opts.headers, ...headers } } }));
    await property(boarding, 600);
    // One row per person and trip, whatever was sent.
    const rows = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM embarques GROUP BY inscricao_id, viagem",
    );
    for (const r of rows) expect(r.n).toBe(1);
    expect(rows.length).toBeLessThanOrEqual(2);
  }, 180_000);

  it("refuses malformed and hostile receipt uploads with a pt-BR 4xx", async () => {
    const upload = fc
      .tuple(
        fc.oneof(fc.constant(target.id), pathParam),
        fc.oneof(
          fc.constant(`Bearer ${target.upload_token}`),
          fc.constant(`Bearer ${newToken()}`),
          fc.constant(undefined),
          headerValue,
        ),
        hostileUpload,
      )
      .map(
        ([id, authorization, body]): Req => ({
          opts: {
            method: "POST",
            url: `/api/registrations/${id}/receipt`,
            payload: body.payload,
            headers: { "content-type": body.contentType, ...(authorization !== undefined ? { authorization } : {}) },
          },
        }),
      );
    await property(upload, 500);
  }, 180_000);

  it("answers random paths, methods and queries under /api with a pt-BR 4xx", async () => {
    const pathChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_.~/%:@!$&'()*+,;=".split(""));
    const random = fc
      .tuple(
        fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD") as fc.Arbitrary<
          InjectOptions["method"]
        >,
        fc.oneof(
          fc.string({ unit: pathChar, maxLength: 60 }),
          fc.constantFrom(
            "registrations/",
            "session/",
            "health/x",
            "form-status/",
            "registrations//receipt",
            "registrations/stats/",
          ),
        ),
        queryString,
      )
      // The event stream never ends, so app.inject would wait forever; the route walk covers it over HTTP.
      .filter(([method, path]) => method !== "GET" || !/^\/*events/i.test(safeDecode(path)))
      .map(
        ([method, path, q]): Req => ({
          opts: { method, url: `/api/${path}?${q}`, ...(method === "GET" || method === "HEAD" ? {} : json("{}")) },
          allow2xx: true,
        }),
      );
    await property(random, 600);
  }, 180_000);

  it("refuses bodies over the size limits with 413 and a pt-BR message", async () => {
    const big = JSON.stringify({ ...SECRET_PERSON, nome_completo: "x".repeat(JSON_BODY_LIMIT) });
    const jsonRoutes = [
      ["POST", "/api/registrations"],
      ["POST", "/api/session"],
      ["PUT", "/api/form-status"],
      ["PATCH", `/api/registrations/${target.id}`],
    ] as const;
    for (const [method, url] of jsonRoutes) {
      const res = await hit({
        opts: { method, url, headers: { cookie, "content-type": "application/json" }, payload: big },
      });
      expect(res.statusCode).toBe(413);
    }
    const file = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(RECEIPT_MAX_BYTES, 1)]);
    const body = Buffer.concat([
      Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="file"; filename="grande.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
      ),
      file,
      Buffer.from("\r\n--b--\r\n"),
    ]);
    const res = await hit({
      opts: {
        method: "POST",
        url: `/api/registrations/${target.id}/receipt`,
        payload: body,
        headers: { "content-type": "multipart/form-data; boundary=b", authorization: `Bearer ${target.upload_token}` },
        // Its own address: the hostile uploads before spent 127.0.0.1's uploads for the hour.
        remoteAddress: "198.51.100.78",
      },
    });
    expect(res.statusCode).toBe(413);
  }, 180_000);

  it("answers the inputs that once broke it with the right pt-BR message", async () => {
    const cases: [InjectOptions, number, string][] = [
      // A NUL in the search reached PostgreSQL: 500.
      [{ url: "/api/registrations?q=%00", headers: { cookie } }, 400, "Busca contém caracteres inválidos."],
      [
        { url: "/api/registrations/export.csv?q=a%00b", headers: { cookie } },
        400,
        "Busca contém caracteres inválidos.",
      ],
      // Paths refused before routing got Fastify's English JSON and no security headers.
      [{ method: "DELETE", url: "/api/registrations/%E0%A4%A", headers: { cookie } }, 400, "Endereço inválido."],
      [{ url: `/api/registrations/${"a".repeat(300)}/receipt`, headers: { cookie } }, 414, "Endereço longo demais."],
      // Bodies and queries of the wrong shape got zod's English "Invalid input".
      // (From an address of its own: the login throttle counts an attempt before reading its body.)
      [
        { method: "POST", url: "/api/session", ...json("null"), remoteAddress: "198.51.100.77" },
        400,
        "Requisição inválida.",
      ],
      [
        {
          method: "PUT",
          url: "/api/form-status",
          ...json("[]"),
          headers: { cookie, "content-type": "application/json" },
        },
        400,
        "Requisição inválida.",
      ],
      [{ url: "/api/registrations?q=a&q=b", headers: { cookie } }, 400, "Requisição inválida."],
    ];
    for (const [opts, status, message] of cases) {
      const res = await hit({ opts });
      expect(res.statusCode, opts.url as string).toBe(status);
      expect(res.json(), opts.url as string).toEqual({ error: message });
      expect(res.headers["content-security-policy"], opts.url as string).toContain("frame-ancestors 'none'");
    }
  });

  it("still serves afterwards, with the data unchanged", async () => {
    expect((await t.app.inject("/api/health")).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/session", headers: { cookie } })).json().authenticated).toBe(true);
    expect(await snapshot()).toBe(before);
    console.log(
      `fuzz on ${kind}: ${stats.tried} inputs tried, ${stats.fiveXX} answered 5xx; statuses ${JSON.stringify(stats.byStatus)}`,
    );
    expect(stats.fiveXX).toBe(0);
  }, 180_000);

  it("stores odd but valid names as typed (trimmed, in NFC), and shows them so to the admin", async () => {
    let stored = 0;
    let phones = 0;
    await fc.assert(
      fc.asyncProperty(oddValidName, fc.integer({ min: 18, max: 65 }), async (name, idade) => {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/registrations",
          // A phone per run: one name may come twice, and one person registers once (caravana_nome_chave).
          payload: {
            ...SECRET_PERSON,
            nome_completo: name,
            idade,
            numero_responsavel: `9897${String(++phones).padStart(7, "0")}`,
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        const { id } = res.json() as { id: string };
        const [row] = await t.db.query<{ nome_completo: string }>(
          "SELECT nome_completo FROM registrations WHERE id = $1",
          [id],
        );
        expect(row.nome_completo).toBe(name.trim().normalize("NFC"));
        const list = await t.app.inject({ url: "/api/registrations?sort=recentes", headers: { cookie } });
        expect(list.json().items[0]).toMatchObject({ id, nome_completo: name.trim().normalize("NFC"), idade });
        stored++;
      }),
      { seed: SEED, numRuns: runs(80) },
    );
    console.log(`fuzz on ${kind}: ${stored} odd but valid names stored exactly`);
  }, 180_000);
});
