import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDatabase } from "../src/server/db/open-database";
import { schemaDoc } from "../src/server/db/schema-doc";

/** npm run schema:doc: migrates an empty PGlite and writes docs/schema.md from it. */
const dir = mkdtempSync(join(tmpdir(), "caravana-schema-"));
try {
  const db = await openDatabase({ DATA_DIR: dir, CHECKPOINT_INTERVAL_MS: 60_000 }, { info() {}, warn() {} });
  try {
    const target = resolve(import.meta.dirname, "../docs/schema.md");
    writeFileSync(target, await schemaDoc(db));
    console.log(`Escrito: ${target}`);
  } finally {
    await db.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
