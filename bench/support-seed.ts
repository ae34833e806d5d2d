import { openDatabase } from "../src/server/db/open-database";
import { foldGramLog } from "../src/server/registrations/short-search-counts";
import type { BenchDatabase } from "./support-server";
import { quietLog } from "../test/support/quiet-log";

/** Realistic-looking registrations, inserted straight into the database before the server starts. */

export const FIRST_NAMES = [
  "Maria",
  "João",
  "Ana",
  "José",
  "Francisco",
  "Antônia",
  "Luís",
  "Gabriel",
  "Júlia",
  "Letícia",
  "Pedro",
  "Lucas",
  "Mateus",
  "Sofia",
  "Isabela",
  "Rafael",
  "Beatriz",
  "Vitória",
  "Caio",
  "Raimundo",
  "Conceição",
  "Thiago",
  "Larissa",
  "Emanuel",
  "Cecília",
  "Davi",
  "Heloísa",
  "Samuel",
  "Lívia",
  "Inês",
];
export const SURNAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Sousa",
  "Lima",
  "Pereira",
  "Ferreira",
  "Costa",
  "Rodrigues",
  "Almeida",
  "Nascimento",
  "Araújo",
  "Carvalho",
  "Gonçalves",
  "Ribeiro",
  "Martins",
  "Rocha",
  "Conceição",
  "Barros",
  "Mendes",
  "Moraes",
  "Brandão",
  "Cardoso",
  "Nogueira",
  "Teixeira",
  "Magalhães",
  "Assunção",
  "Aragão",
  "Sampaio",
];

const REF_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** The i-th distinct reference code (a bijection of 0..32^4-1, so no clash). */
export function seedReference(i: number): string {
  let n = (i * 7919) % 32 ** 4;
  let code = "";
  for (let k = 0; k < 4; k++) {
    code = REF_ALPHABET[n % 32] + code;
    n = Math.floor(n / 32);
  }
  return `JDJ${code}`;
}

/** Deterministic pseudo-random numbers, so every run seeds the same rows. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function seedRegistrations(db: BenchDatabase, count: number, batch = 5000): Promise<number> {
  const conn = await openDatabase(db.config, quietLog);
  const random = rng(2025);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const started = performance.now();
  // The trigram index on nome_busca takes rows one by one (fastupdate off);
  // for a bulk load its pending list is far cheaper, flushed by the VACUUM below.
  const trgm = await conn.query("SELECT 1 FROM pg_indexes WHERE indexname = 'registrations_nome_busca_trgm_idx'");
  if (trgm.length) await conn.exec("ALTER INDEX registrations_nome_busca_trgm_idx SET (fastupdate = on)");
  try {
    for (let from = 0; from < count; from += batch) {
      const n = Math.min(batch, count - from);
      const names: string[] = [];
      const ages: number[] = [];
      const phones: string[] = [];
      const methods: string[] = [];
      const statuses: string[] = [];
      const refs: string[] = [];
      const ageSecs: number[] = [];
      for (let k = 0; k < n; k++) {
        const i = from + k;
        names.push(`${pick(FIRST_NAMES)} ${pick(FIRST_NAMES)} ${pick(SURNAMES)} ${pick(SURNAMES)}`);
        ages.push(4 + Math.floor(random() * 62));
        phones.push(`989${String(Math.floor(random() * 1e8)).padStart(8, "0")}`);
        methods.push(random() < 0.7 ? "PIX" : "ESPECIE");
        statuses.push(random() < 0.4 ? "confirmado" : "pendente");
        refs.push(seedReference(i));
        // Spread over the last 30 days, oldest first.
        ageSecs.push(Math.round(((count - i) / count) * 30 * 86400));
      }
      // With their price, as rows made while a price is in force: seeded before the server's
      // first start wrote the settings, they would have none, and that start would fill all of
      // them in one UPDATE, leaving half the table dead rows that slowed every search 2-3x.
      await conn.query(
        `INSERT INTO registrations
           (nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento, referencia, created_at, updated_at,
            preco_centavos)
         SELECT nome, idade, fone, metodo, status, ref, now() - make_interval(secs => s), now() - make_interval(secs => s),
                1500
         FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[])
           AS t(nome, idade, fone, metodo, status, ref, s)`,
        [names, ages, phones, methods, statuses, refs, ageSecs],
      );
    }
    // A database that grew over weeks has been vacuumed and analyzed by then
    // (autovacuum on PostgreSQL, pgliteMaintenance on PGlite), and its log of
    // short-search counts folded (short-search-counts.ts): measure that state.
    while (await foldGramLog(conn)) {}
    await conn.exec("VACUUM ANALYZE registrations");
    await conn.exec("VACUUM ANALYZE registration_gram_log");
    await conn.exec("VACUUM ANALYZE registration_gram_counts");
    if (trgm.length) await conn.exec("ALTER INDEX registrations_nome_busca_trgm_idx SET (fastupdate = off)");
  } finally {
    await conn.close();
  }
  return performance.now() - started;
}
