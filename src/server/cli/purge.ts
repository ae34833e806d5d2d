import { createInterface } from "node:readline/promises";
import { purgeKeptLists } from "../editions/edition-purge";
import { purgePersonalData } from "../maintenance/purge";
import { openCliDatabase } from "./cli-database";
import { plural } from "../../shared/plural";

// npm run purge [-- --yes]: after the event, keep the counts and remove personal data.
const yes = process.argv.includes("--yes");
const db = await openCliDatabase();
try {
  const [s] = await db.query<{ pending: number; receipts: number; kept: number; open: boolean }>(
    `SELECT (SELECT count(*)::int FROM registrations WHERE anonimizado_em IS NULL) AS pending,
            (SELECT count(*)::int FROM receipts) AS receipts,
            (SELECT count(*)::int FROM edicao_inscricoes) AS kept,
            (SELECT is_open FROM form_settings WHERE id = 'form_status') AS open`,
  );
  if (s.open) {
    console.error("As inscrições ainda estão abertas. Feche o formulário no painel antes de apagar os dados.");
    process.exitCode = 1;
  } else if (s.pending === 0 && s.receipts === 0 && s.kept === 0) {
    console.log("Nada a apagar: os dados pessoais já foram removidos.");
  } else {
    console.log(
      `Isto reduz ${plural(s.pending, "nome", "nomes")} às iniciais e apaga os telefones e ` +
        plural(s.receipts, "comprovante", "comprovantes") +
        `${s.kept ? `, e as listas guardadas de edições anteriores (${plural(s.kept, "inscrição", "inscrições")})` : ""}. As contagens ficam.`,
    );
    let go = yes;
    if (!go) {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      go = (await rl.question("Digite APAGAR para confirmar: ")).trim() === "APAGAR";
      rl.close();
    }
    if (!go) {
      console.log("Nada foi alterado.");
    } else {
      const r = await purgePersonalData(db, purgeKeptLists);
      console.log(
        `Feito: ${plural(r.registrations, "inscrição anonimizada", "inscrições anonimizadas")}, ` +
          `${plural(r.receipts, "comprovante apagado", "comprovantes apagados")}, ` +
          `${plural(r.logEntries, "registro de atividade anonimizado", "registros de atividade anonimizados")}.`,
      );
    }
  }
} finally {
  await db.close();
}
