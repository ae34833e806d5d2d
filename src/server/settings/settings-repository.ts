import {
  type EventSettings,
  SETTINGS_KEYS,
  SETTINGS_MESSAGES,
  type SettingKey,
  type SettingsView,
} from "../../shared/event-settings";
import { ofGroup } from "../../shared/group-name";
import { ConfigError } from "../config";
import type { Database, Queryable } from "../db/database";
import { InvalidInputError } from "../domain-errors";

// The event_settings table (docs/schema.md): one row per key, marked
// 'ambiente' (the environment's value, rewritten at each start) or 'painel'
// (saved by the coordination, which wins).

/** caravana_settings_guard's refusal: a time zone PostgreSQL does not know, which every deadline would fail on. */
const unknownZone = (err: unknown) => (err as { message?: string }).message === "fuso_desconhecido";

interface Row {
  chave: SettingKey;
  valor: unknown;
  origem: "ambiente" | "painel";
}

/**
 * At start-up: the environment's values go into the rows it still owns, and
 * registrations made before prices were kept get the price in force.
 */
export async function seedSettings(db: Database, defaults: EventSettings): Promise<void> {
  try {
    await seedRows(db, defaults);
  } catch (err) {
    if (unknownZone(err))
      throw new ConfigError(
        `EVENT_TIME_ZONE: o PostgreSQL não conhece o fuso ${defaults.fuso_horario}; use um fuso IANA, por exemplo America/Fortaleza`,
      );
    throw err;
  }
}

async function seedRows(db: Database, defaults: EventSettings): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO event_settings (chave, valor, origem)
       SELECT k, v, 'ambiente' FROM jsonb_each($1::jsonb) AS e(k, v)
       ON CONFLICT (chave) DO UPDATE SET valor = EXCLUDED.valor, atualizado_em = now()
       WHERE event_settings.origem = 'ambiente' AND event_settings.valor <> EXCLUDED.valor`,
      [JSON.stringify(defaults)],
    );
    await tx.query("UPDATE registrations SET preco_centavos = caravana_price() WHERE preco_centavos IS NULL");
  });
}

export async function readSettings(db: Queryable, defaults: EventSettings): Promise<SettingsView> {
  const rows = await db.query<Row>("SELECT chave, valor, origem FROM event_settings");
  const values = { ...defaults } as Record<SettingKey, unknown>;
  for (const r of rows) if (SETTINGS_KEYS.includes(r.chave)) values[r.chave] = r.valor;
  const saved = rows.filter((r) => r.origem === "painel").map((r) => r.chave);
  const following = noticeFollowingGroup(
    messagesFollowingPlace(values as unknown as EventSettings, defaults, saved),
    defaults,
    saved,
  );
  return { values: following, defaults, saved };
}

/**
 * The built-in thank-you messages welcome people to the event's city: while the coordination has not written
 * its own, "Te esperamos em Itapecuru!" follows a city changed in "Configurações".
 */
export function messagesFollowingPlace(
  values: EventSettings,
  defaults: EventSettings,
  saved: SettingKey[],
): EventSettings {
  if (saved.includes("mensagens") || values.cidade === defaults.cidade) return values;
  const welcome = /^Te esperamos em .+!$/;
  return {
    ...values,
    mensagens: values.mensagens.map((m) => (welcome.test(m) ? `Te esperamos em ${values.cidade}!` : m)),
  };
}

/**
 * The built-in members' notice names the group ("exclusivo para membros da Juventude Católica VG"): while the
 * coordination has not written its own, it follows a name changed in "Configurações" ("Nome do grupo").
 */
export function noticeFollowingGroup(
  values: EventSettings,
  defaults: EventSettings,
  saved: SettingKey[],
): EventSettings {
  if (saved.includes("aviso_membros") || values.grupo_nome === defaults.grupo_nome) return values;
  const named = ofGroup(defaults.grupo_nome);
  if (!values.aviso_membros.includes(named)) return values;
  return { ...values, aviso_membros: values.aviso_membros.replace(named, ofGroup(values.grupo_nome)) };
}

/** Saves the keys whose value changed; each becomes the panel's. One transaction, one log entry per key. */
export async function saveSettings(db: Database, next: EventSettings): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO event_settings (chave, valor, origem)
         SELECT k, v, 'painel' FROM jsonb_each($1::jsonb) AS e(k, v)
         ON CONFLICT (chave) DO UPDATE SET valor = EXCLUDED.valor, origem = 'painel', atualizado_em = now()
         WHERE event_settings.valor <> EXCLUDED.valor`,
        [JSON.stringify(next)],
      );
    });
  } catch (err) {
    if (unknownZone(err)) throw new InvalidInputError(SETTINGS_MESSAGES.timeZone);
    throw err;
  }
}

/** "Restaurar padrão": the key takes the environment's value again, and follows it from then on. */
export async function restoreDefault(db: Database, key: SettingKey, defaults: EventSettings): Promise<void> {
  await db.query(
    `UPDATE event_settings SET valor = $2::jsonb, origem = 'ambiente', atualizado_em = now() WHERE chave = $1`,
    [key, JSON.stringify(defaults[key])],
  );
}
