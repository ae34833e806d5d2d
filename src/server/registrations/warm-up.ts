import { randomUUID } from "node:crypto";
import { FORM_STATUS_ID } from "../../shared/constants";
import { referenceCode } from "../../shared/pix/reference-code";
import type { RegistrationData } from "../../shared/registration-schema";
import type { Database, Queryable } from "../db/database";
import { nodeRandom } from "./create-registration";
import { registrationWriter } from "./registration-writer";

const NAMES = ["Maria", "João", "Ana", "José", "Luíza", "Pedro", "Conceição", "Lucas", "Júlia", "Raimundo"];
const SURNAMES = ["Silva", "Souza", "Araújo", "Magalhães", "Pereira", "Nascimento", "Gonçalves", "Brandão"];
const BATCH = 64;

/** Registrations written by the warm-up; every one is rolled back. */
export const WARM_UP_ROWS = 16 * BATCH;

class RollBack extends Error {}

function sample(i: number): RegistrationData {
  const idade = 14 + (i % 12);
  return {
    nome_completo: `${NAMES[i % NAMES.length]} ${SURNAMES[(i * 3) % SURNAMES.length]} ${i}`,
    idade,
    numero_responsavel: `989${String(i).padStart(8, "0")}`,
    metodo_pagamento: i % 3 === 0 ? "ESPECIE" : "PIX",
    ...(idade < 18 ? { consentimento: true } : {}),
  };
}

/**
 * References no registration has: a clash would send a row to the single-row
 * path, whose retry cannot run inside a transaction that the clash aborted.
 */
async function freeReferences(tx: Queryable, count: number): Promise<string[]> {
  const drawn = new Set<string>();
  while (drawn.size < count * 2) drawn.add(referenceCode(nodeRandom));
  const rows = await tx.query<{ r: string }>(
    "SELECT r FROM unnest($1::text[]) AS r WHERE NOT EXISTS (SELECT 1 FROM registrations WHERE referencia = r)",
    [[...drawn]],
  );
  if (rows.length < count) throw new Error("poucas referências livres para o aquecimento");
  return rows.slice(0, count).map((row) => row.r);
}

/**
 * PGlite runs PostgreSQL as WebAssembly that V8 compiles lazily: a quick
 * baseline first, optimised code once a function has run hot. Right after a
 * start, the first thousand or so registrations cost three to five times as
 * much database time (25–45 ms per grouped INSERT instead of 7–8 ms), and
 * that is when a surge begins: the link goes round once the site is up.
 *
 * This writes WARM_UP_ROWS registrations through the same writer and SQL as
 * real ones, with the form open, inside a transaction that is always rolled
 * back: no row, count, search log, form change or live event survives it.
 * Run it before the server listens.
 */
export async function warmUpRegistrationWrites(db: Database): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.query("UPDATE form_settings SET is_open = true WHERE id = $1", [FORM_STATUS_ID]);
      const references = await freeReferences(tx, WARM_UP_ROWS);
      const writer = registrationWriter(tx, { maxBatch: BATCH, drawReference: () => references.pop()! });
      for (let done = 0; done < WARM_UP_ROWS; done += BATCH) {
        await Promise.all(Array.from({ length: BATCH }, (_, k) => writer.create(sample(done + k), randomUUID())));
      }
      throw new RollBack();
    });
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
  }
}
