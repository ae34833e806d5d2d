import { loadConfig } from "../config";
import { writeBackup } from "../maintenance/backup-file";
import { openCliDatabase } from "./cli-database";
import { plural } from "../../shared/plural";

// npm run backup [FILE]: a consistent snapshot of registrations, settings and receipts in one file,
// encrypted when BACKUP_PASSPHRASE is set. An edition's close writes its backup with the same code.
const db = await openCliDatabase();
try {
  // openCliDatabase read .env and checked the environment already.
  const config = loadConfig();
  const passphrase = config.BACKUP_PASSPHRASE || undefined;
  const { file, rows } = await writeBackup(db, { dir: config.BACKUP_DIR, file: process.argv[2], passphrase });
  console.log(`Backup gravado em ${file}${passphrase ? " (cifrado com BACKUP_PASSPHRASE)" : ""}`);
  if (!passphrase)
    console.log("Atenção: o arquivo tem dados pessoais e as senhas (cifradas) da equipe. Guarde-o com cuidado.");
  for (const [table, n] of Object.entries(rows)) console.log(`  ${table}: ${plural(n, "linha", "linhas")}`);
} finally {
  await db.close();
}
