import { AGE_GROUPS, type EditionTotals } from "../../shared/editions";
import type { Queryable } from "../db/database";
import { readAccounts } from "../finance/accounts";

/**
 * What a closed edition keeps forever. The money is "Prestação de contas"
 * itself (readAccounts), so the kept figures are the ones the coordination
 * printed; the counts by bus and age are of the people seated.
 */
export async function editionTotals(db: Queryable): Promise<EditionTotals> {
  const accounts = await readAccounts(db);
  const buses = await db.query<{ nome: string; lugares: number | null; pessoas: number }>(
    `SELECT o.nome, o.lugares, count(r.id)::int AS pessoas
     FROM onibus o LEFT JOIN registrations r ON r.onibus_id = o.id AND r.situacao = 'vaga'
     GROUP BY o.id ORDER BY o.ordem, o.id`,
  );
  const [{ n: noBus }] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM registrations WHERE situacao = 'vaga' AND onibus_id IS NULL",
  );
  const ages = await db.query<{ idade: number; n: number }>(
    "SELECT idade, count(*)::int AS n FROM registrations WHERE situacao = 'vaga' GROUP BY idade",
  );
  return {
    inscricoes: accounts.inscricoes,
    recebido: {
      total: accounts.recebido.total,
      pix: accounts.recebido.pix_extrato + accounts.recebido.pix_manual,
      especie: accounts.recebido.especie,
    },
    isencoes: accounts.isencoes.total,
    descontos: accounts.descontos.total,
    reembolsos: accounts.reembolsos.total,
    despesas: accounts.despesas.total,
    saldo: accounts.saldo,
    a_receber: accounts.a_receber.total,
    por_onibus: [...buses, ...(noBus > 0 ? [{ nome: "Sem ônibus", lugares: null, pessoas: noBus }] : [])],
    por_idade: AGE_GROUPS.map((g) => ({
      faixa: g.label,
      pessoas: ages.filter((a) => a.idade >= g.min && a.idade <= g.max).reduce((s, a) => s + a.n, 0),
    })),
  };
}
