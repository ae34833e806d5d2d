import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { RestoreError, restoreFrom } from "../maintenance/restore";
import { openCliDatabase } from "./cli-database";
import { plural } from "../../shared/plural";

// npm run restore FILE: loads a backup into an empty database (DATABASE_URL or DATA_DIR).
const arg = process.argv[2];
if (!arg || !existsSync(resolve(arg))) {
  console.error("Uso: npm run restore ARQUIVO (um arquivo gerado por npm run backup)");
  process.exit(1);
}
const db = await openCliDatabase();
try {
  const counts = await restoreFrom(db, resolve(arg), process.env.BACKUP_PASSPHRASE || undefined);
  console.log(`Backup restaurado de ${resolve(arg)}`);
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table}: ${plural(n, "linha", "linhas")}`);
} catch (err) {
  console.error(err instanceof RestoreError ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.close();
}
