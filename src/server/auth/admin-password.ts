import type { Config } from "../config";
import type { Database, Queryable } from "../db/database";
import { generatePassword, hashCost, hashPassword, isPasswordHash, verifyPassword } from "./password-hash";

export const GENERATED_HASH_KEY = "admin_password_hash";
/** The hash of the password the current sessions were opened under (endSessionsOfOldPassword). */
export const SESSIONS_STAMP_KEY = "admin_sessions_password";

const readSetting = async (db: Queryable, key: string) =>
  (await db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = $1", [key]))[0]?.value;

export interface AdminPassword {
  verify(password: string): Promise<boolean>;
  /** Where the password came from, for the start-up notice and tests. */
  readonly source: "env" | "generated" | "stored";
  /** A record of this password that app_settings may keep (a hash, never the password). */
  stamp(): Promise<string>;
  /** Whether a kept stamp was made from this same password. */
  isStamp(stamp: string): Promise<boolean>;
}

/** Prints a start-up notice; stdout by default. The only place a generated password is ever shown. */
export type Announce = (message: string) => void;

export const announceToStdout: Announce = (message) => {
  process.stdout.write(`${message}\n`);
};

function banner(lines: string[]): string {
  const rule = "=".repeat(64);
  return [rule, ...lines.map((l) => `  ${l}`), rule].join("\n");
}

/**
 * ADMIN_PASSWORD's hash, by password, for the life of the process: a process that builds several apps with one
 * password (the tests build hundreds) derives it once. The server builds one; the password is in its config anyway.
 */
const hashedHere = new Map<string, string>();

/**
 * ADMIN_PASSWORD wins. Without it (development and test only; config refuses
 * production), a password is generated once, printed once, and only its scrypt
 * hash is kept in app_settings so later starts accept the same password.
 * Only hashes stay in memory.
 */
export async function prepareAdminPassword(
  config: Pick<Config, "ADMIN_PASSWORD" | "NODE_ENV" | "PASSWORD_HASH_COST">,
  db: Queryable,
  announce: Announce = announceToStdout,
): Promise<AdminPassword> {
  if (config.ADMIN_PASSWORD) {
    const password = config.ADMIN_PASSWORD;
    // Only a hash of the configured cost is reused: a cost raised later makes a new one (and ends the sessions).
    const ofCost = (h: string | undefined): h is string => h !== undefined && hashCost(h) === config.PASSWORD_HASH_COST;
    const earlier = hashedHere.get(password);
    // A restart with the same password reuses the hash its sessions were stamped with: one scrypt, not two.
    const kept = await readSetting(db, SESSIONS_STAMP_KEY);
    const keptMatches = ofCost(kept) && (kept === earlier || (await verifyPassword(password, kept)));
    const hash = keptMatches
      ? kept
      : ofCost(earlier)
        ? earlier
        : await hashPassword(password, config.PASSWORD_HASH_COST);
    hashedHere.set(password, hash);
    return {
      source: "env",
      verify: (p) => verifyPassword(p, hash),
      stamp: async () => hash,
      isStamp: async (stamp) =>
        stamp === hash || (stamp !== kept && isPasswordHash(stamp) && verifyPassword(password, stamp)),
    };
  }
  if (config.NODE_ENV === "production") {
    throw new Error("ADMIN_PASSWORD é obrigatória em produção.");
  }

  const read = () => readSetting(db, GENERATED_HASH_KEY);

  let stored = await read();
  if (stored === undefined || !isPasswordHash(stored)) {
    const password = generatePassword();
    const hash = await hashPassword(password, config.PASSWORD_HASH_COST);
    // ON CONFLICT: another instance on the same database may have generated one at the same moment.
    const inserted = await db.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value WHERE app_settings.value NOT LIKE 'scrypt$%'
       RETURNING key`,
      [GENERATED_HASH_KEY, hash],
    );
    if (inserted.length > 0) {
      announce(
        banner([
          "Senha do painel /admin gerada para desenvolvimento:",
          "",
          `    ${password}`,
          "",
          "Ela aparece só agora; guarde-a. Nas próximas vezes vale a mesma senha.",
          "Para usar outra, defina ADMIN_PASSWORD (obrigatória em produção).",
        ]),
      );
      return { source: "generated", ...fromHash(hash) };
    }
    stored = (await read())!;
  }
  const storedHash = stored;
  announce(
    banner([
      "Painel /admin: vale a senha gerada na primeira execução (mostrada só naquela vez).",
      "Defina ADMIN_PASSWORD para usar outra senha. Para gerar uma nova, apague a linha",
      `'${GENERATED_HASH_KEY}' da tabela app_settings e reinicie.`,
    ]),
  );
  return { source: "stored", ...fromHash(storedHash) };
}

/** A generated password is known by its stored hash alone. */
const fromHash = (hash: string) => ({
  verify: (p: string) => verifyPassword(p, hash),
  stamp: async () => hash,
  isStamp: async (stamp: string) => stamp === hash,
});

/**
 * Sessions belong to the password they were opened with: when the server
 * starts with another one, every session ends. app_settings keeps a hash of
 * the password the current sessions were made under.
 */
export async function endSessionsOfOldPassword(db: Database, password: AdminPassword): Promise<boolean> {
  const kept = await readSetting(db, SESSIONS_STAMP_KEY);
  if (kept !== undefined && (await password.isStamp(kept))) return false;
  const stamp = await password.stamp();
  await db.transaction(async (tx) => {
    await tx.query("DELETE FROM admin_sessions");
    await tx.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [SESSIONS_STAMP_KEY, stamp],
    );
  });
  return kept !== undefined;
}
