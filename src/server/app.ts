import { join } from "node:path";
import type { Server } from "node:http";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { AccessLog } from "./access-log";
import type { Config } from "./config";
import type { Database } from "./db/database";
import { clientAppPlugin } from "./plugins/client-app";
import { dbPlugin } from "./plugins/db";
import { deadlinesPlugin } from "./plugins/deadlines";
import { noticesPlugin } from "./plugins/notices";
import { errorHandlerPlugin, frameworkErrorHandler } from "./plugins/error-handler";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { realtimePlugin } from "./plugins/realtime";
import { eventSettingsPlugin } from "./settings/event-settings";
import { securityHeadersPlugin, setSecurityHeaders } from "./plugins/security-headers";
import { sessionPlugin } from "./plugins/session";
import { headersTimeouts, slowClientsPlugin } from "./plugins/slow-clients";
import { setZodCompilers } from "./plugins/zod-validation";
import { shutdownConnectionsPlugin } from "./plugins/shutdown-connections";
import type { Announce } from "./auth/admin-password";
import adminActivityRoutes from "./routes/admin-activity";
import adminAuthorizationRoutes from "./routes/admin-authorizations";
import adminBoardingRoutes from "./routes/admin-boarding";
import adminBusRoutes from "./routes/admin-buses";
import adminDeadlineRoutes from "./routes/admin-deadlines";
import adminEditionRoutes from "./routes/admin-editions";
import adminFinanceRoutes from "./routes/admin-finance";
import adminFormStatusRoutes from "./routes/admin-form-status";
import adminReceiptRoutes from "./routes/admin-receipts";
import adminRegistrationRoutes from "./routes/admin-registrations";
import adminMessageRoutes from "./routes/admin-messages";
import adminPersonalLinkRoutes from "./routes/admin-personal-links";
import adminTeamRoutes from "./routes/admin-team";
import eventsRoutes from "./routes/events";
import formStatusRoutes from "./routes/form-status";
import healthRoutes from "./routes/health";
import receiptRoutes from "./routes/receipts";
import myRegistrationRoutes from "./routes/my-registration";
import noticeRoutes from "./routes/notices";
import registrationRoutes from "./routes/registrations";
import sessionRoutes from "./routes/session";
import { adminSettingsRoutes, publicConfigRoutes } from "./routes/settings";

export const DEFAULT_DIST_DIR = join(process.cwd(), "dist", "client");
export const JSON_BODY_LIMIT = 16 * 1024;

/** One registered route; HEAD twins of GET routes are listed too. */
export interface RouteEntry {
  method: string;
  url: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route of the app, as registered: the security tests walk it, so no route escapes them. */
    readonly routeInventory: readonly RouteEntry[];
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  distDir?: string;
  /** Logger options, or an existing pino logger (main.ts shares one with the database). */
  logger?: FastifyServerOptions["logger"] | FastifyBaseLogger;
  /** Where the start-up notice about a generated admin password goes (stdout by default). */
  announce?: Announce;
}

/** A hop count becomes "trust the socket and the n-1 hops before it" (proxy-addr's hop index starts at 0). */
function trustProxyOption(setting: Config["TRUST_PROXY"]): FastifyServerOptions["trustProxy"] {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

const LOG_CENSOR = "[oculto]";

/** onSend hook: the answer is never stored by a browser or proxy, unless the route chose its own rule. */
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!reply.hasHeader("cache-control")) reply.header("Cache-Control", "no-store");
}

/** A URL as logged: query values hidden, since the admin's search is a person's name. */
export function urlForLog(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const keys = url
    .slice(q + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => pair.split("=")[0])
    .map((key) => `${/^[\w.[\]-]{1,30}$/.test(key) ? key : LOG_CENSOR}=${LOG_CENSOR}`);
  return `${url.slice(0, q)}?${keys.join("&")}`;
}

/** Pino options: secrets and personal data never reach the log. */
export function loggerOptions(config: Config): FastifyServerOptions["logger"] {
  return {
    level: config.LOG_LEVEL,
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: urlForLog(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'req.headers["idempotency-key"]',
        "res.headers['set-cookie']",
        // Database errors carry the query's values (PGlite: params) and the offending row (detail).
        ...["err", "err.cause"].flatMap((e) => ["params", "detail", "where", "queryOptions"].map((k) => `${e}.${k}`)),
      ],
      censor: LOG_CENSOR,
    },
  };
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const logger = opts.logger ?? loggerOptions(config);
  const isInstance = typeof logger === "object" && logger !== null && "child" in logger;
  const serverOptions: FastifyHttpOptions<Server> = {
    bodyLimit: JSON_BODY_LIMIT,
    // Slow headers: 408 from Node. Bodies have their own limits (plugins/slow-clients.ts).
    http: headersTimeouts(config.BODY_TIMEOUT_MS),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Long-lived SSE responses are ended by the realtime plugin; other connections close with the server.
    forceCloseConnections: "idle",
    // A request already on its way during shutdown is served, not answered 503.
    return503OnClosing: false,
    logController: new AccessLog(),
    // An undecodable or over-long path is refused before routing: same pt-BR { error } and headers as any answer.
    frameworkErrors: (err, request, reply) => {
      setSecurityHeaders(request, reply);
      frameworkErrorHandler(err, request, reply);
    },
  };
  const app: FastifyInstance = isInstance
    ? Fastify({ ...serverOptions, loggerInstance: logger as FastifyBaseLogger })
    : Fastify({ ...serverOptions, logger: logger as FastifyServerOptions["logger"] });
  setZodCompilers(app);
  // Added before any plugin so it sees every route, including those of encapsulated plugins.
  const routes: RouteEntry[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.decorate("routeInventory", { getter: () => routes.slice() });
  await app.register(shutdownConnectionsPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(slowClientsPlugin, { bodyTimeoutMs: config.BODY_TIMEOUT_MS });
  await app.register(securityHeadersPlugin);
  await app.register(dbPlugin, { db });
  await app.register(realtimePlugin, {
    maxPerClient: config.EVENTS_MAX_PER_CLIENT,
    maxTotal: config.EVENTS_MAX_TOTAL,
    shedFloods: config.TRUST_PROXY === false,
  });
  await app.register(rateLimitPlugin);
  await app.register(eventSettingsPlugin, { config });
  await app.register(sessionPlugin, { config, announce: opts.announce });
  await app.register(deadlinesPlugin);
  await app.register(noticesPlugin, { config });

  // Who may call a route is declared here, once per scope; route files declare none.
  await app.register(async function publicScope(open) {
    // Answers carry a registration's token, a minor's data or this moment's counts: never kept by a cache.
    open.addHook("onSend", noStore);
    await open.register(healthRoutes);
    await open.register(formStatusRoutes);
    await open.register(publicConfigRoutes);
    await open.register(registrationRoutes, { config });
    // Its own check: an admin's stream also gets registration ids (routes/events.ts).
    await open.register(eventsRoutes);
    // Its own check: the upload token returned with the registration (routes/receipts.ts).
    await open.register(receiptRoutes);
    // Its own check: the registration's secret, or the guardian's number and a code (routes/my-registration.ts).
    await open.register(myRegistrationRoutes);
    // Its own check: each registration's secret, and the push service's address (routes/notices.ts).
    await open.register(noticeRoutes, { config });
  });
  await app.register(async function loginScope(login) {
    login.addHook("onRequest", login.sameOriginWrites);
    login.addHook("onSend", noStore);
    await login.register(sessionRoutes, { config });
  });
  await app.register(async function adminScope(admin) {
    admin.addHook("onRequest", admin.sameOriginWrites);
    admin.addHook("onRequest", admin.requireAdmin);
    // Coordenação may call every route here; Equipe only those marked `config: { equipe: true }`.
    admin.addHook("onRequest", admin.requireRole);
    // Personal data: never kept by a browser or proxy cache.
    admin.addHook("onSend", noStore);
    await admin.register(adminFormStatusRoutes);
    await admin.register(adminRegistrationRoutes);
    await admin.register(adminDeadlineRoutes);
    await admin.register(adminPersonalLinkRoutes);
    await admin.register(adminReceiptRoutes);
    await admin.register(adminBusRoutes);
    await admin.register(adminBoardingRoutes);
    await admin.register(adminTeamRoutes, { config });
    await admin.register(adminActivityRoutes);
    await admin.register(adminFinanceRoutes);
    await admin.register(adminAuthorizationRoutes);
    await admin.register(adminMessageRoutes);
    await admin.register(adminSettingsRoutes);
    await admin.register(adminEditionRoutes, { config });
  });

  await app.register(clientAppPlugin, {
    distDir: opts.distDir ?? DEFAULT_DIST_DIR,
  });
  return app;
}
