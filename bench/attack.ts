import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { type ClientRequest, request } from "node:http";
import { join } from "node:path";
import pg from "pg";
import { ms, percentile, Report, runBench } from "./support-report";
import { hostileFilesAttack } from "./support-hostile-files";
import { linkMintingAttack, lookupLockAttack, statementsAtOnceAttack } from "./support-review-attacks";
import { ONE_PHONE_NAMES, onePhoneAttack } from "./support-one-phone";
import { type BenchServer, flag, freshDatabase, startServer } from "./support-server";

/**
 * npm run bench:attack [-- --db=pglite|postgres|both] [--only=files|review]
 * The attacks of the trust issue at full scale against the production server,
 * each with a normal visitor measured alongside (GET / and an asset from
 * 127.0.0.2, every 50 ms; every 10 ms during the stream flood). Only loopback addresses; each attack is bounded.
 */

const DB = flag("db", "both");
const KINDS: ("pglite" | "postgres")[] =
  DB === "both" ? ["pglite", "postgres"] : [DB === "postgres" ? "postgres" : "pglite"];

interface VisitorStats {
  latencies: number[];
  errors: number;
}

/** A normal visitor, from its own address, until stopped. */
function visitor(baseUrl: string, path: string, everyMs = 50): { stop: () => Promise<VisitorStats> } {
  const stats: VisitorStats = { latencies: [], errors: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await new Promise<boolean>((resolve) => {
        const req = request(`${baseUrl}${path}`, { localAddress: "127.0.0.2", agent: false }, (res) => {
          res.resume();
          res.on("end", () => resolve((res.statusCode ?? 500) < 500));
        });
        req.setTimeout(10_000, () => req.destroy(new Error("ETIMEDOUT")));
        req.on("error", () => resolve(false));
        req.end();
      });
      if (ok) stats.latencies.push(performance.now() - started);
      else stats.errors++;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return stats;
    },
  };
}

/** Opens GET /api/events from one address; resolves with the status, keeping an accepted stream open. */
function openStream(baseUrl: string, localAddress: string, open: ClientRequest[]): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${baseUrl}/api/events`, { localAddress, agent: false }, (res) => {
      if (res.statusCode === 200) open.push(req);
      else res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? "erro"));
    req.end();
  });
}

function post(baseUrl: string, path: string, body: string, localAddress: string, headers: Record<string, string> = {}) {
  return new Promise<number | string>((resolve) => {
    const req = request(
      `${baseUrl}${path}`,
      { method: "POST", localAddress, agent: false, headers: { "content-type": "application/json", ...headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? "erro"));
    req.end(body);
  });
}

const dirSize = (dir: string): number =>
  readdirSync(dir).reduce((sum, f) => {
    const p = join(dir, f);
    const s = statSync(p);
    return sum + (s.isDirectory() ? dirSize(p) : s.size);
  }, 0);

function assetPath(): string {
  const html = readFileSync(join(process.cwd(), "dist", "client", "index.html"), "utf8");
  return /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "/";
}

function report(r: Report, label: string, v: VisitorStats) {
  const p95 = percentile(v.latencies, 95);
  r.info(`${label}: visitante, pedidos`, String(v.latencies.length + v.errors));
  r.check(`${label}: visitante, erros/conexões cortadas`, String(v.errors), "= 0", v.errors === 0);
  r.check(`${label}: visitante, p95`, ms(p95), "≤ 200 ms", p95 <= 200);
}

async function attackOne(kind: "pglite" | "postgres", r: Report) {
  const db = await freshDatabase(kind);
  let server: BenchServer | undefined;
  try {
    // Checkpoints every 5 s, so they run during the flood (PGlite's failed under the fd exhaustion).
    // The per-phone limit raised too, so the one-phone attack (5.) can seed its names.
    server = await startServer({
      ...db.env,
      REGISTRATION_RATE_LIMIT: "100000",
      REGISTRATIONS_PER_PHONE: String(ONE_PHONE_NAMES),
      CHECKPOINT_INTERVAL_MS: "5000",
    });
    const base = server.baseUrl;
    if (flag("only", "") === "files") {
      await hostileFilesAttack(base, kind, r, visitor);
      return;
    }
    if (flag("only", "") === "review") {
      await reviewAttacks(base, server.pid, kind, r);
      return;
    }

    // 1. 20 000 stream attempts from one address. The flood is short once the
    // address is shed, so the visitor asks every 10 ms to have enough samples.
    let v = visitor(base, "/", 10);
    const open: ClientRequest[] = [];
    const statuses: Record<string, number> = {};
    const floodStarted = performance.now();
    for (let i = 0; i < 20_000; i += 200) {
      const batch = await Promise.all(Array.from({ length: 200 }, () => openStream(base, "127.0.0.1", open)));
      for (const s of batch) statuses[s] = (statuses[s] ?? 0) + 1;
    }
    const flood = await v.stop();
    r.info(`${kind} fluxo de streams: duração`, ms(performance.now() - floodStarted));
    r.info(`${kind} fluxo de streams: respostas`, JSON.stringify(statuses));
    r.check(`${kind} fluxo de streams: abertos`, String(open.length), "≤ 50", open.length <= 50);
    report(r, `${kind} fluxo de streams`, flood);
    for (const req of open) req.destroy();
    const health = await fetch(`${base}/api/health`);
    const registered = await post(
      base,
      "/api/registrations",
      JSON.stringify({
        nome_completo: "Depois do Fluxo",
        idade: 20,
        numero_responsavel: "98988887777",
        metodo_pagamento: "PIX",
      }),
      "127.0.0.3",
    );
    r.check(
      `${kind} depois do fluxo: saúde e inscrição`,
      `${health.status} / ${registered}`,
      "200 / 201",
      health.status === 200 && registered === 201,
    );

    // 2. 600 login guesses from 150 addresses, with an asset fetched meanwhile.
    v = visitor(base, assetPath());
    const guesses = await Promise.all(
      Array.from({ length: 600 }, (_, i) =>
        post(base, "/api/session", JSON.stringify({ password: `chute-${i}` }), `127.0.1.${(i % 150) + 1}`, {
          origin: base,
        }),
      ),
    );
    const logins = await v.stop();
    const answered = guesses.filter((s) => s === 401).length;
    r.check(`${kind} 600 senhas de 150 endereços: respondidas`, String(answered), "< 600", answered < 600);
    const assetP95 = percentile(logins.latencies, 95);
    r.check(`${kind} durante as senhas: arquivo estático p95`, ms(assetP95), "≤ 50 ms", assetP95 <= 50);

    // 3. 300 slow JSON bodies: cut within the time limit, the visitor unaffected.
    v = visitor(base, "/");
    const slow = Array.from({ length: 300 }, () => {
      const started = performance.now();
      return new Promise<number>((resolve) => {
        const req = request(`${base}/api/registrations`, {
          method: "POST",
          localAddress: "127.0.0.4",
          agent: false,
          headers: { "content-type": "application/json", "content-length": "500" },
        });
        req.on("response", (res) => {
          res.resume();
          resolve(performance.now() - started);
        });
        req.on("error", () => resolve(performance.now() - started));
        req.on("close", () => resolve(performance.now() - started));
        req.write('{"nome_completo": "Len');
      });
    });
    const cut = await Promise.race([
      Promise.all(slow),
      new Promise<null>((res) => setTimeout(() => res(null), 30_000)),
    ]);
    const slowVisitor = await v.stop();
    r.check(
      `${kind} 300 corpos lentos: cortados em`,
      cut ? ms(Math.max(...cut)) : "> 30 s",
      "≤ 20 s",
      cut !== null && Math.max(...cut) <= 20_000,
    );
    report(r, `${kind} corpos lentos`, slowVisitor);

    // 4. 400 uploads of 1 MB with one token.
    const created = (await (
      await fetch(`${base}/api/registrations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          nome_completo: "Ana Envios",
          idade: 20,
          numero_responsavel: "98988887777",
          metodo_pagamento: "PIX",
        }),
      })
    ).json()) as { id: string; upload_token: string };
    const sizeOf = async () => {
      if (kind === "pglite") return dirSize(db.config.DATA_DIR);
      const c = new pg.Client({ connectionString: db.config.DATABASE_URL });
      await c.connect();
      const [{ n }] = (await c.query("SELECT pg_database_size(current_database())::bigint AS n")).rows;
      await c.end();
      return Number(n);
    };
    const before = await sizeOf();
    // Noise after the JPEG marker: a photo does not compress, so neither may this.
    const file = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1024 * 1024 - 4)]);
    const uploads: Record<string, number> = {};
    for (let i = 0; i < 400; i++) {
      const form = new FormData();
      file[5] = i % 256;
      form.append("file", new Blob([file], { type: "image/jpeg" }), "pix.jpg");
      const res = await fetch(`${base}/api/registrations/${created.id}/receipt`, {
        method: "POST",
        headers: { authorization: `Bearer ${created.upload_token}` },
        body: form,
      });
      await res.arrayBuffer();
      uploads[res.status] = (uploads[res.status] ?? 0) + 1;
    }
    const grown = (await sizeOf()) - before;
    r.info(`${kind} 400 envios com um token: respostas`, JSON.stringify(uploads));
    r.check(
      `${kind} 400 envios: crescimento`,
      `${(grown / 1024 / 1024).toFixed(1)} MB`,
      "≤ 40 MB",
      grown <= 40 * 1024 * 1024,
    );
    // 5. Many names on one phone: the panel's list and duplicates filter stay quick, and so does the site.
    await onePhoneAttack(base, kind, r);
    // 6. Hostile statement files: each refused within 2 s, the site answering meanwhile.
    await hostileFilesAttack(base, kind, r, visitor);
    // 7–9. The lookup lock, link minting and eight statements at once (issue 49).
    await reviewAttacks(base, server.pid, kind, r);

    const log = readFileSync(server.logFile, "utf8");
    const failures = log.split("\n").filter((l) => /"level":(50|60)/.test(l)).length;
    r.check(`${kind} erros no log do servidor`, String(failures), "= 0", failures === 0);
  } finally {
    await server?.stop();
    db.dispose();
  }
}

async function reviewAttacks(base: string, pid: number, kind: string, r: Report) {
  await lookupLockAttack(base, kind, r);
  await linkMintingAttack(base, kind, r);
  await statementsAtOnceAttack(base, pid, kind, r, visitor);
}

async function main() {
  const r = new Report("bench:attack (ataques em escala, só endereços de loopback)");
  for (const kind of KINDS) await attackOne(kind, r);
  r.print();
  if (r.missed) process.exitCode = 1;
}

runBench(main);
