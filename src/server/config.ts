import { existsSync } from "node:fs";
import * as z from "zod/mini";
import { DEFAULT_EVENT_TITLE, DEFAULT_GROUP_NAME } from "../shared/constants";
import { ofGroup } from "../shared/group-name";
import { checkPixKey } from "../shared/pix/pix-key";
import { PIX_TXID_MODES } from "../shared/pix/registration-pix";
import { sanitizeCity, sanitizeName } from "../shared/pix/sanitize";
import { formatPrice, parsePrice } from "../shared/price";
import { PER_PHONE_MAX } from "../shared/event-settings";
import { isTimeZone } from "../shared/dates";
import { isValidWhatsappDigits } from "../shared/phone";
import {
  isVapidPair,
  parseExtraOrigins,
  PUSH_ENDPOINTS_ERROR,
  pixText,
  port,
  PASSWORD_HASH_COST_DEFAULT,
  passwordHashCost,
  positiveInt,
  text,
  trustProxy,
} from "./config-values";

// Every environment variable the server reads, validated once at start-up.
// Event facts are here too, with the spec's values as defaults.

const DEFAULT_THANKS_MESSAGES = [
  "Te esperamos em Itapecuru!",
  "Vamos juntos na Jornada!",
  "Cristo nos chama à missão!",
  "Peregrinos da esperança, a caminho!",
  "Sua fé faz a diferença na caravana!",
  "Juntos somos Igreja jovem e viva!",
].join("|");

const PUBLIC_URL_ERROR = "use o endereço do site com http:// ou https://, por exemplo https://caravana.exemplo.org";

export const envSchema = z.object({
  NODE_ENV: z._default(
    z.enum(["development", "production", "test"], { error: "use development, production ou test" }),
    "development",
  ),
  PORT: port,
  HOST: text("0.0.0.0"),
  /**
   * The site's address as people reach it (https://caravana.exemplo.org): every link the product sends is
   * built from it, never from a request's Host. Required in production.
   */
  PUBLIC_URL: z.optional(
    z.pipe(
      z.string().check(z.trim()),
      z.transform((v: string, ctx) => {
        const url = URL.canParse(v) ? new URL(v) : null;
        if (
          !url ||
          !["http:", "https:"].includes(url.protocol) ||
          url.username ||
          url.password ||
          url.search ||
          url.hash
        ) {
          ctx.issues.push({ code: "custom", message: PUBLIC_URL_ERROR, input: v });
          return "";
        }
        return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
      }),
    ),
  ),
  DATA_DIR: text("./data", 1000),
  DATABASE_URL: z.optional(
    z.string().check(z.regex(/^postgres(ql)?:\/\/\S+$/, "deve começar com postgres:// ou postgresql://")),
  ),
  ADMIN_PASSWORD: z.optional(z.string().check(z.minLength(1, "não pode ser vazia"))),
  /** Encrypts `npm run backup` files and opens them in `npm run restore` (backup-cipher.ts). */
  BACKUP_PASSPHRASE: z.optional(z.string().check(z.minLength(12, "use pelo menos 12 caracteres"))),
  /** Where `npm run backup` and an edition's close write their backups. */
  BACKUP_DIR: text("./backups", 1000),
  PIX_KEY: z._default(
    z.string().check(
      z.trim(),
      z.refine(
        (v: string) => checkPixKey(v).ok,
        "use e-mail, CPF, CNPJ, telefone +55 ou chave aleatória, até 77 caracteres",
      ),
    ),
    "pix@juventudecatolicavg.com.br",
  ),
  PIX_RECEIVER_NAME: pixText(sanitizeName(DEFAULT_GROUP_NAME), sanitizeName),
  PIX_CITY: pixText("Itapecuru-Mirim", sanitizeCity),
  PIX_TXID: z._default(z.enum(PIX_TXID_MODES, { error: "use none ou registration" }), "none"),
  WHATSAPP_NUMBER: z._default(
    z.string().check(z.refine(isValidWhatsappDigits, "use só dígitos com DDI e DDD, por exemplo 5598999999999")),
    "5598999999999",
  ),
  EVENT_TITLE: text(DEFAULT_EVENT_TITLE),
  EVENT_DATE: text("16 de Agosto"),
  EVENT_TIME: text("A partir das 08h"),
  EVENT_PLACE: text("Área Pastoral da Paróquia, Itapecuru-Mirim - MA"),
  EVENT_CITY: text("Itapecuru-Mirim"),
  // Read as the panel's "Configurações" reads a price (shared/price.ts), so both accept the same values.
  REGISTRATION_PRICE: z._default(
    z.string().check(z.refine((v) => parsePrice(v) !== null, "use um valor como 15.00")),
    "15.00",
  ),
  THANKS_MESSAGES: z.pipe(
    text(DEFAULT_THANKS_MESSAGES, 2000),
    z.pipe(
      z.transform((v: string) =>
        v
          .split("|")
          .map((m) => m.trim())
          .filter(Boolean),
      ),
      z.array(z.string()).check(z.length(6, "separe exatamente seis mensagens com |")),
    ),
  ),
  MEMBERS_NOTICE: text(`Este formulário é exclusivo para membros ${ofGroup(DEFAULT_GROUP_NAME)}.`),
  EVENT_TIME_ZONE: z._default(
    z.string().check(z.trim(), z.refine(isTimeZone, "use um fuso IANA, por exemplo America/Fortaleza")),
    "America/Fortaleza",
  ),
  CHECKPOINT_INTERVAL_MS: positiveInt(60_000),
  TRUST_PROXY: trustProxy,
  REGISTRATION_RATE_LIMIT: positiveInt(30),
  /** Active registrations the public form takes on one guardian's phone; the first-start value of the setting. */
  REGISTRATIONS_PER_PHONE: positiveInt(10).check(z.lte(PER_PHONE_MAX, `no máximo ${PER_PHONE_MAX}`)),
  /** Live streams (GET /api/events) open at once from one client (IPv4 address or IPv6 /64), and in all. */
  EVENTS_MAX_PER_CLIENT: positiveInt(50),
  EVENTS_MAX_TOTAL: positiveInt(5000),
  /** A JSON body must arrive within this; an upload must send 4 KB in each such window. */
  BODY_TIMEOUT_MS: positiveInt(15_000),
  /**
   * scrypt's cost for the panel's passwords, as log2 of N. Production keeps at least the default; the tests'
   * servers use 10, as Hi.Events' tests lower bcrypt's rounds: they log in hundreds of times (decision 077).
   */
  PASSWORD_HASH_COST: passwordHashCost,
  /**
   * "Avisos neste celular" (decision 050): origins beyond the browsers' push services the server may post
   * notices to, separated by commas; plain http only on a loopback address (tests, a self-hosted service).
   */
  PUSH_ENDPOINTS_EXTRA: z.pipe(
    z.transform((v: unknown) => String(v ?? "")),
    z.transform((v: string, ctx): string[] => {
      const origins = parseExtraOrigins(v);
      if (origins) return origins;
      ctx.issues.push({ code: "custom", message: PUSH_ENDPOINTS_ERROR, input: v });
      return [];
    }),
  ),
  /** The VAPID pair (base64url, as web-push tools print it); unset, the first start makes one and keeps it in the database. */
  VAPID_PUBLIC_KEY: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{87}$/, "use a chave pública P-256 em base64url (87 caracteres)")),
  ),
  VAPID_PRIVATE_KEY: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "use a chave privada P-256 em base64url (43 caracteres)")),
  ),
  /** Who the push services may contact about this server; PUBLIC_URL when unset. */
  VAPID_SUBJECT: z.optional(
    z.string().check(z.regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "use mailto:alguem@exemplo.org ou https://…")),
  ),
  LOG_LEVEL: z._default(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
});

export type Config = z.output<typeof envSchema> & {
  /** PIX_KEY and WHATSAPP_NUMBER given in the environment: the coordination's own, not the samples. */
  paymentDetailsFromEnv: { pix_chave: boolean; whatsapp: boolean };
  priceCents: number;
  priceLabel: string;
  /** PUBLIC_URL, or the address the server listens on (development and tests). */
  publicUrl: string;
};

export class ConfigError extends Error {}

export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Production never runs with a missing or guessable admin password (development generates one). */
function productionIssues(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== "production") return [];
  const password = env.ADMIN_PASSWORD ?? "";
  if ([...password].length >= ADMIN_PASSWORD_MIN_LENGTH) return [];
  const why = password ? "a senha definida é curta demais" : "não está definida";
  return [`  ADMIN_PASSWORD: obrigatória em produção, com pelo menos ${ADMIN_PASSWORD_MIN_LENGTH} caracteres (${why})`];
}

/** Production never stores a password hash cheaper to guess than the default's. */
function hashCostIssues(env: Record<string, string | undefined>): string[] {
  const cost = Number(env.PASSWORD_HASH_COST || PASSWORD_HASH_COST_DEFAULT);
  if (env.NODE_ENV !== "production" || !(cost < PASSWORD_HASH_COST_DEFAULT)) return [];
  return [`  PASSWORD_HASH_COST: em produção, no mínimo ${PASSWORD_HASH_COST_DEFAULT}`];
}

/** Production sends links to families: they must name the site's real address. */
function publicUrlIssues(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== "production" || env.PUBLIC_URL?.trim()) return [];
  return ["  PUBLIC_URL: obrigatório em produção: o endereço do site, por exemplo https://caravana.exemplo.org"];
}

/** The VAPID pair comes whole or not at all. */
function vapidIssues(env: Record<string, string | undefined>): string[] {
  const { VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv } = env;
  if (!pub && !priv) return [];
  if (!pub || !priv) return ["  VAPID_PUBLIC_KEY: defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY juntas, ou nenhuma"];
  return isVapidPair(pub, priv) ? [] : ["  VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY não formam um par"];
}

/** Where the server can be reached when PUBLIC_URL is not set: its own address. */
function listenUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Loads ./.env into process.env when the file exists (the server and the CLI
 * scripts both call this). Variables already set in the environment win.
 */
export function loadDotEnv(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Reads the environment; throws ConfigError naming every wrong variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
  if (!lines.some((l) => l.startsWith("  ADMIN_PASSWORD:"))) lines.push(...productionIssues(env));
  if (!lines.some((l) => l.startsWith("  PUBLIC_URL:"))) lines.push(...publicUrlIssues(env));
  if (!lines.some((l) => l.startsWith("  VAPID_"))) lines.push(...vapidIssues(env));
  if (!lines.some((l) => l.startsWith("  PASSWORD_HASH_COST:"))) lines.push(...hashCostIssues(env));
  if (!parsed.success || lines.length > 0) {
    throw new ConfigError(`Configuração inválida:\n${lines.join("\n")}`);
  }
  const cfg = parsed.data;
  const priceCents = parsePrice(cfg.REGISTRATION_PRICE)!;
  return {
    ...cfg,
    paymentDetailsFromEnv: { pix_chave: Boolean(env.PIX_KEY?.trim()), whatsapp: Boolean(env.WHATSAPP_NUMBER?.trim()) },
    priceCents,
    priceLabel: formatPrice(priceCents),
    publicUrl: cfg.PUBLIC_URL || listenUrl(cfg.HOST, cfg.PORT),
  };
}
