import type { NoticePayload } from "../../shared/notices";
import { MY_REGISTRATION_PATH } from "../../shared/my-registration";
import type { Database } from "../db/database";
import { endpointAllowed } from "./push-endpoints";
import type { VapidSigner } from "./vapid";
import { encryptForSubscription, MAX_PLAINTEXT } from "./web-push-payload";

/** Notices taken from the outbox at once; several batches make one pass. */
export const SEND_BATCH = 200;
/** Posts in flight at once. */
const CONCURRENCY = 32;
/** A push service that does not answer in this long is tried again later. */
export const POST_TIMEOUT_MS = 10_000;
/** After this many failed tries a notice is dropped (its time to live is over long before, at most backoffs). */
export const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min… up to an hour between tries. */
export const backoffSeconds = (attempt: number) => Math.min(3600, 30 * 2 ** (attempt - 1));

export interface OutboxDeps {
  db: Database;
  signer: VapidSigner;
  extraOrigins: readonly string[];
  /** Node's fetch; a test's receiver is a real HTTP server, never a stand-in for this. */
  post?: typeof fetch;
}

export interface PassResult {
  enviados: number;
  /** Tried again later: the push service failed or did not answer. */
  adiados: number;
  /** Dropped: expired, refused by the push service, or out of tries. */
  descartados: number;
  /** Subscriptions the push service said are gone (404/410), or no longer allowed. */
  assinaturas_removidas: number;
}

interface Claimed {
  id: string;
  inscricao_id: string;
  tipo: string;
  titulo: string;
  corpo: string;
  urgencia: "normal" | "high";
  resta: number;
  tentativas: number;
  assinatura_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Takes up to `limit` due notices for this instance only: another instance
 * skips them (SKIP LOCKED), and after the lease a crashed instance's are due
 * again. One statement, so PGlite's single connection is never held across a post.
 */
async function claim(db: Database, limit: number): Promise<Claimed[]> {
  return db.query<Claimed>(
    `WITH due AS (
       SELECT id FROM aviso_fila
       WHERE tentar_em <= caravana_agora() AND (pego_ate IS NULL OR pego_ate <= caravana_agora())
       ORDER BY tentar_em, id LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE aviso_fila f SET pego_ate = caravana_agora() + interval '2 minutes', tentativas = f.tentativas + 1
     FROM due, aviso_assinaturas s
     WHERE f.id = due.id AND s.id = f.assinatura_id
     RETURNING f.id, f.inscricao_id, f.tipo, f.titulo, f.corpo, f.urgencia, f.tentativas,
       floor(extract(epoch FROM f.criado_em + make_interval(secs => f.ttl_segundos) - caravana_agora()))::int AS resta,
       s.id AS assinatura_id, s.endpoint, s.p256dh, s.auth`,
    [limit],
  );
}

/** The words and the tap's destination, cut to fit one push message. */
export function payloadOf(n: Pick<Claimed, "id" | "tipo" | "inscricao_id" | "titulo" | "corpo">): Buffer {
  const payload: NoticePayload = {
    titulo: n.titulo,
    corpo: n.corpo,
    // A later notice of the same kind about the same person replaces the earlier one; messages never do.
    tag: n.tipo === "mensagem" ? `mensagem:${n.id}` : `${n.tipo}:${n.inscricao_id}`,
    url: MY_REGISTRATION_PATH,
  };
  let data = Buffer.from(JSON.stringify(payload));
  for (let cut = payload.corpo.length; data.length > MAX_PLAINTEXT && cut > 0; ) {
    cut -= Math.ceil((data.length - MAX_PLAINTEXT) / 2) + 1;
    data = Buffer.from(
      JSON.stringify({ ...payload, corpo: `${[...payload.corpo].slice(0, Math.max(cut, 0)).join("")}…` }),
    );
  }
  return data;
}

type Outcome =
  | { kind: "sent" }
  | { kind: "gone" }
  | { kind: "drop"; why: string }
  | { kind: "retry"; why: string; afterSeconds: number };

async function postOne(deps: OutboxDeps, n: Claimed, nowSeconds: number): Promise<Outcome> {
  if (n.resta <= 0) return { kind: "drop", why: "expirou" };
  if (!endpointAllowed(n.endpoint, deps.extraOrigins)) return { kind: "gone" };
  const body = encryptForSubscription(payloadOf(n), { p256dh: n.p256dh, auth: n.auth });
  const post = deps.post ?? fetch;
  let res: Response;
  try {
    res = await post(n.endpoint, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      headers: {
        Authorization: deps.signer.header(n.endpoint, nowSeconds),
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        TTL: String(n.resta),
        Urgency: n.urgencia,
      },
      body: new Uint8Array(body),
    });
  } catch (err) {
    return {
      kind: "retry",
      why: (err as Error).name === "TimeoutError" ? "sem resposta" : "falha de rede",
      afterSeconds: 0,
    };
  }
  await res.body?.cancel().catch(() => {});
  if (res.status >= 200 && res.status < 300) return { kind: "sent" };
  if (res.status === 404 || res.status === 410) return { kind: "gone" };
  if (res.status === 429 || res.status >= 500) {
    const retryAfter = Number(res.headers.get("retry-after"));
    return {
      kind: "retry",
      why: `HTTP ${res.status}`,
      afterSeconds: Number.isFinite(retryAfter) ? Math.min(retryAfter, 3600) : 0,
    };
  }
  // A redirect, a refused key or body: trying the same again gives the same answer.
  return { kind: "drop", why: `HTTP ${res.status}` };
}

async function inPool<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return out;
}

/** One batch: claim, post, and write down each outcome. */
export async function sendBatch(deps: OutboxDeps, limit = SEND_BATCH): Promise<PassResult & { taken: number }> {
  const claimed = await claim(deps.db, limit);
  const result = { taken: claimed.length, enviados: 0, adiados: 0, descartados: 0, assinaturas_removidas: 0 };
  if (claimed.length === 0) return result;
  const [{ agora }] = await deps.db.query<{ agora: Date }>("SELECT caravana_agora() AS agora");
  const nowSeconds = Math.floor(new Date(agora).getTime() / 1000);
  const outcomes = await inPool(claimed, CONCURRENCY, (n) => postOne(deps, n, nowSeconds));

  const done: string[] = [];
  const gone = new Set<string>();
  const retry = { ids: [] as string[], after: [] as number[], why: [] as string[] };
  claimed.forEach((n, i) => {
    const o = outcomes[i];
    if (o.kind === "sent") {
      result.enviados++;
      done.push(n.id);
    } else if (o.kind === "gone") {
      gone.add(n.assinatura_id);
    } else if (o.kind === "drop" || n.tentativas >= MAX_ATTEMPTS || backoffSeconds(n.tentativas) >= n.resta) {
      result.descartados++;
      done.push(n.id);
    } else {
      result.adiados++;
      retry.ids.push(n.id);
      retry.after.push(Math.max(o.afterSeconds, backoffSeconds(n.tentativas)));
      retry.why.push(o.why);
    }
  });
  if (done.length) await deps.db.query("DELETE FROM aviso_fila WHERE id = ANY($1::bigint[])", [done]);
  if (gone.size) {
    // Its queued notices go with it (aviso_inscricoes cascades to aviso_fila).
    await deps.db.query("DELETE FROM aviso_assinaturas WHERE id = ANY($1::bigint[])", [[...gone]]);
    result.assinaturas_removidas = gone.size;
  }
  if (retry.ids.length)
    await deps.db.query(
      `UPDATE aviso_fila f SET pego_ate = NULL, ultimo_erro = r.why,
         tentar_em = caravana_agora() + make_interval(secs => r.after)
       FROM unnest($1::bigint[], $2::int[], $3::text[]) AS r(id, after, why) WHERE f.id = r.id`,
      [retry.ids, retry.after, retry.why],
    );
  return result;
}
