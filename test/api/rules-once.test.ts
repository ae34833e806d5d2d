import { describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database";
import { fold } from "../../src/shared/fold";
import { AUTHORIZATION_AGE } from "../../src/shared/minors";
import { DB_KINDS, useFreshDatabase } from "../support/test-database";

/** Names as people type them: every accent of the table, capitals, particles, spaces, punctuation and digits. */
const SAMPLES = [
  "Conceição Araújo",
  "JOSÉ CARLOS PEREIRA",
  "Antônia Lívia da Silva",
  "Inês Gonçalves dos Santos",
  "Maria D'Ávila",
  "João  Pedro  ",
  "Ângela Émile Ítalo Óscar Úrsula",
  "àâãäå èêë ìîï òôõö ùûü ñ ýÿ",
  "ÀÂÃÄÅ ÈÊË ÌÎÏ ÒÔÕÖ ÙÛÜ Ñ Ý Ç",
  "Heloísa Müller-Lüdenscheidt",
  "Raimundo Nonato 3º",
  "jdj 7k3q",
  "Chloé & Zoë 🙏",
  "",
];

for (const kind of DB_KINDS) {
  describe(`rules written once, on ${kind}`, () => {
    let db: Database;
    useFreshDatabase(kind, (d) => {
      db = d;
    });

    it("shared/fold.ts folds every sample as caravana_fold does", async () => {
      const rows = await db.query<{ folded: string }>(
        "SELECT caravana_fold(s) AS folded FROM unnest($1::text[]) WITH ORDINALITY AS x(s, n) ORDER BY n",
        [SAMPLES],
      );
      expect(SAMPLES.map(fold)).toEqual(rows.map((r) => r.folded));
    });

    it("caravana_falta_autorizacao holds the age of shared/minors.ts", async () => {
      const [fn] = await db.query<{ body: string }>(
        "SELECT prosrc AS body FROM pg_proc WHERE proname = 'caravana_falta_autorizacao'",
      );
      expect(fn.body).toContain(`r.idade < ${AUTHORIZATION_AGE} AND`);
    });
  });
}
