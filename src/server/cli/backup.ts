import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { backupTo } from "../maintenance/backup";
import { openCliDatabase } from "./cli-database";

// npm run backup [FILE]: a consistent snapshot of registrations, settings and receipts in one file,
// encrypted when BACKUP_PASSPHRASE is set.
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const file = resolve(process.argv[2] ?? `backups/caravana-${stamp}.jsonl.gz`);
mkdirSync(dirname(file), { recursive: true });
const db = await openCliDatabase();
try {
  const passphrase = process.env.BACKUP_PASSPHRASE || undefined;
  const { rows } = await backupTo(db, file, passphrase);
  console.log(`Backup gravado em ${file}${passphrase ? " (cifrado com BACKUP_PASSPHRASE)" : ""}`);
  if (!passphrase)
    console.log("Atenção: o arquivo tem dados pessoais e as senhas (cifradas) da equipe. Guarde-o com cuidado.");
  for (const [table, n] of Object.entries(rows)) console.log(`  ${table}: ${n} linha(s)`);
} finally {
  await db.close();
}
