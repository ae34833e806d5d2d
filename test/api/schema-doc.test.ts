import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database";
import { schemaDoc } from "../../src/server/db/schema-doc";
import { DB_KINDS, useFreshDatabase } from "../support/test-database";

const DOC = join(import.meta.dirname, "../../docs/schema.md");

for (const kind of DB_KINDS) {
  describe(`docs/schema.md on ${kind}`, () => {
    let db: Database;
    useFreshDatabase(kind, (d) => {
      db = d;
    });

    it("is what the migrated database says (run npm run schema:doc after changing a migration)", async () => {
      expect(await schemaDoc(db), "docs/schema.md está desatualizado: rode npm run schema:doc").toBe(
        readFileSync(DOC, "utf8"),
      );
    });

    it("refuses a trigger or function that no migration describes", async () => {
      const refused = await db
        .transaction(async (tx) => {
          await tx.exec(`CREATE FUNCTION caravana_sem_descricao() RETURNS trigger LANGUAGE plpgsql AS $$
                         BEGIN RETURN NULL; END $$;
                         CREATE TRIGGER onibus_sem_descricao AFTER INSERT ON onibus
                         FOR EACH STATEMENT EXECUTE FUNCTION caravana_sem_descricao()`);
          const message = await schemaDoc(tx).then(
            () => "",
            (err: Error) => err.message,
          );
          throw Object.assign(new Error("rollback"), { message });
        })
        .catch((err: Error) => err.message);
      expect(refused).toContain("trigger onibus_sem_descricao on onibus");
      expect(refused).toContain("function caravana_sem_descricao()");
      expect((await db.query("SELECT 1 FROM pg_proc WHERE proname = 'caravana_sem_descricao'")).length).toBe(0);
    });
  });
}
