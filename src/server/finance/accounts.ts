import type { ExpenseCategory } from "../../shared/finance";
import type { Accounts, AccountsPerson } from "../../shared/finance-views";
import { EXPENSE_CATEGORIES } from "../../shared/finance";
import type { Queryable } from "../db/database";
import { listExpenses } from "./expenses";
import { paidWithoutSeat } from "./paid-without-seat";

const sum = (rows: { valor_centavos: number }[]) => rows.reduce((s, r) => s + r.valor_centavos, 0);
const byName = new Intl.Collator("pt-BR").compare;

/**
 * "Prestação de contas": each figure is the sum of the rows listed with it,
 * computed here from those rows, so the page, the print and the sheet agree.
 */
export async function readAccounts(db: Queryable, timeZone = "America/Fortaleza"): Promise<Accounts> {
  // The period the accounts cover: from the first registration, payment or expense to today, in the event's zone.
  const [periodo] = await db.query<Accounts["periodo"]>(
    `SELECT to_char(least((SELECT min(created_at) AT TIME ZONE $1 FROM registrations),
                          (SELECT min(em) AT TIME ZONE $1 FROM pagamentos),
                          (SELECT min(data)::timestamp FROM despesas)), 'YYYY-MM-DD') AS de,
            to_char(now() AT TIME ZONE $1, 'YYYY-MM-DD') AS ate`,
    [timeZone],
  );
  const counts = await db.query<{ situacao: "vaga" | "espera" | "desistente" | "vencida"; n: number }>(
    "SELECT situacao, count(*)::int AS n FROM registrations GROUP BY situacao",
  );
  // The adults the coordination added, seated: counted apart, their amounts are among everyone's.
  const [{ acompanhantes }] = await db.query<{ acompanhantes: number }>(
    "SELECT count(*)::int AS acompanhantes FROM registrations WHERE acompanhante AND situacao = 'vaga'",
  );
  const seated = await db.query<{
    id: string;
    nome_completo: string;
    referencia: string | null;
    preco: number;
    devido: number;
    status_pagamento: string;
    motivo: string | null;
  }>(
    `SELECT r.id, r.nome_completo, r.referencia, coalesce(r.preco_centavos, 0) AS preco, caravana_valor_devido(r) AS devido,
            r.status_pagamento,
            (SELECT p.motivo FROM pagamentos p WHERE p.inscricao_id = r.id AND p.tipo IN ('isencao', 'desconto')
             ORDER BY p.id DESC LIMIT 1) AS motivo
     FROM registrations r WHERE r.situacao = 'vaga'`,
  );
  seated.sort((a, b) => byName(a.nome_completo, b.nome_completo));
  const person = (r: (typeof seated)[number], valor: number, detalhe?: string): AccountsPerson => ({
    id: r.id,
    nome: r.nome_completo,
    referencia: r.referencia,
    valor_centavos: valor,
    ...(detalhe ? { detalhe } : {}),
  });
  const esperado = seated.map((r) => person(r, r.preco));
  const isencoes = seated.filter((r) => r.devido === 0 && r.preco > 0).map((r) => person(r, r.preco, r.motivo ?? ""));
  const descontos = seated
    .filter((r) => r.devido > 0 && r.devido < r.preco)
    .map((r) => person(r, r.preco - r.devido, r.motivo ?? ""));
  const aReceber = seated
    .filter((r) => r.status_pagamento === "pendente" && r.devido > 0)
    .map((r) => person(r, r.devido));

  const received = await db.query<{
    nome: string | null;
    referencia: string | null;
    valor_centavos: number;
    metodo: string;
    origem: string;
    em: string;
    recebido_por_nome: string | null;
  }>(
    `SELECT p.nome, p.referencia, p.valor_centavos, p.metodo, p.origem, p.em, u.nome AS recebido_por_nome
     FROM pagamentos p LEFT JOIN admin_users u ON u.id = p.recebido_por
     WHERE p.tipo IN ('pagamento', 'estorno') ORDER BY p.em, p.id`,
  );
  const pix = received.filter((r) => r.metodo === "PIX");
  const cash = received.filter((r) => r.metodo === "ESPECIE");
  const custodians = new Map<string, number>();
  for (const r of cash) {
    const who = r.recebido_por_nome ?? "Sem responsável registrado";
    custodians.set(who, (custodians.get(who) ?? 0) + r.valor_centavos);
  }

  const inHand = await db.query<{ nome: string; valor_centavos: number }>(
    "SELECT nome, caravana_em_maos(id) AS valor_centavos FROM admin_users WHERE caravana_em_maos(id) <> 0 ORDER BY nome",
  );

  const refunds = await db.query<{ nome: string | null; valor_centavos: number; metodo: string; data: string }>(
    `SELECT nome, devolvido_centavos AS valor_centavos, metodo, to_char(data, 'YYYY-MM-DD') AS data
     FROM reembolsos WHERE estado = 'reembolsado' ORDER BY data, id`,
  );
  // Paid with no seat (waiting, or behind a Vencida's payment): to be returned unless a seat comes.
  const withoutSeat = (await paidWithoutSeat(db)).map(
    (r): AccountsPerson => ({
      id: r.id,
      nome: r.nome_completo,
      referencia: r.referencia,
      valor_centavos: r.pago_centavos,
    }),
  );
  const expenses = await listExpenses(db);
  const recebidoTotal = sum(received);
  const reembolsosTotal = sum(refunds);
  const despesasTotal = sum(expenses);
  const n = (s: string) => counts.find((c) => c.situacao === s)?.n ?? 0;
  return {
    periodo,
    inscricoes: {
      vaga: n("vaga"),
      espera: n("espera"),
      desistente: n("desistente"),
      vencida: n("vencida"),
      acompanhantes,
    },
    esperado: { total: sum(esperado), linhas: esperado },
    isencoes: { total: sum(isencoes), linhas: isencoes },
    descontos: { total: sum(descontos), linhas: descontos },
    recebido: {
      total: recebidoTotal,
      pix_extrato: sum(pix.filter((r) => r.origem === "extrato")),
      pix_manual: sum(pix.filter((r) => r.origem !== "extrato")),
      especie: sum(cash),
      especie_por_pessoa: [...custodians].map(([nome, valor_centavos]) => ({ nome, valor_centavos })),
      especie_em_maos: inHand,
      linhas: received.map((r) => ({
        nome: r.nome ?? "",
        referencia: r.referencia,
        valor_centavos: r.valor_centavos,
        metodo: r.metodo === "ESPECIE" ? "Espécie" : "PIX",
        origem: r.origem === "extrato" ? "Extrato" : r.origem === "chamada" ? "Chamada" : "Painel",
        em: new Date(r.em).toISOString(),
      })),
    },
    reembolsos: {
      total: reembolsosTotal,
      linhas: refunds.map((r) => ({
        ...r,
        nome: r.nome ?? "Inscrição excluída",
        metodo: r.metodo === "ESPECIE" ? "Espécie" : "PIX",
      })),
    },
    despesas: {
      total: despesasTotal,
      por_categoria: (Object.keys(EXPENSE_CATEGORIES) as ExpenseCategory[]).map((categoria) => ({
        categoria,
        valor_centavos: sum(expenses.filter((e) => e.categoria === categoria)),
      })),
      linhas: expenses,
    },
    saldo: recebidoTotal - reembolsosTotal - despesasTotal,
    sem_vaga: { total: sum(withoutSeat), linhas: withoutSeat },
    a_receber: { total: sum(aReceber), linhas: aReceber },
  };
}
