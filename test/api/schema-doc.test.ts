import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database";
import { schemaDoc } from "../../src/server/db/schema-doc";
import { TRANSACTION_FLAGS } from "../../src/server/db/transaction-flags";
import { DB_KINDS, useFreshDatabase } from "../support/test-database";

const DOC = join(import.meta.dirname, "../../docs/schema.md");

describe("transaction flags", () => {
  it("are set only through db/transaction-flags.ts, so each one set is one listed in docs/schema.md", () => {
    const root = join(import.meta.dirname, "../../src/server");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => /\.ts$/.test(f));
    const raw = files.filter(
      (f) => !f.endsWith("transaction-flags.ts") && /set_config\s*\(/.test(readFileSync(join(root, f), "utf8")),
    );
    expect(raw).toEqual([]);
    const doc = readFileSync(DOC, "utf8");
    for (const flag of Object.keys(TRANSACTION_FLAGS)) expect(doc).toContain(`| \`${flag}\` |`);
  });
});

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

    it("refuses a flag that a trigger reads and db/transaction-flags.ts does not describe", async () => {
      const refused = await db
        .transaction(async (tx) => {
          await tx.exec(`CREATE FUNCTION caravana_flag_nova() RETURNS boolean LANGUAGE sql STABLE AS $$
                           SELECT current_setting('caravana.flag_nova', true) = 'on' $$;
                         COMMENT ON FUNCTION caravana_flag_nova() IS 'teste'`);
          const message = await schemaDoc(tx).then(
            () => "",
            (err: Error) => err.message,
          );
          throw Object.assign(new Error("rollback"), { message });
        })
        .catch((err: Error) => err.message);
      expect(refused).toBe("Flag sem descrição em db/transaction-flags.ts: caravana.flag_nova");
    });
  });
}
