import { Readable } from "node:stream";
import { EXPENSE_CATEGORIES } from "../../shared/finance";
import type { Accounts } from "../../shared/finance-views";
import { writeXlsx, type XlsxRow } from "../spreadsheets/xlsx-writer";

const reais = (centavos: number) => centavos / 100;

/** "Prestação de contas" as one sheet: the summary first, then each figure's rows under its own title. */
function accountRows(a: Accounts): XlsxRow[] {
  const title = (text: string): XlsxRow[] => [{ cells: [] }, { bold: true, cells: [text] }];
  const people = (rows: Accounts["esperado"]["linhas"]) =>
    rows.map((r) => ({ cells: [r.nome, r.referencia ?? "", reais(r.valor_centavos), r.detalhe ?? ""] }));
  return [
    { bold: true, cells: ["Prestação de contas"] },
    { cells: ["Inscrições com vaga", a.inscricoes.vaga] },
    { cells: ["…dessas, acompanhantes", a.inscricoes.acompanhantes] },
    { cells: ["Na lista de espera", a.inscricoes.espera] },
    { cells: ["Desistentes", a.inscricoes.desistente] },
    { cells: ["Vagas vencidas", a.inscricoes.vencida] },
    { cells: ["Valor esperado (preço de quem tem vaga)", reais(a.esperado.total)] },
    { cells: ["Isenções", reais(a.isencoes.total)] },
    { cells: ["Descontos", reais(a.descontos.total)] },
    { cells: ["Recebido por PIX (extrato)", reais(a.recebido.pix_extrato)] },
    { cells: ["Recebido por PIX (marcado à mão)", reais(a.recebido.pix_manual)] },
    { cells: ["Recebido em espécie", reais(a.recebido.especie)] },
    ...a.recebido.especie_por_pessoa.map((p) => ({
      cells: [`  recebido em espécie por ${p.nome}`, reais(p.valor_centavos)],
    })),
    { cells: ["Total recebido", reais(a.recebido.total)] },
    { cells: ["Reembolsos", reais(a.reembolsos.total)] },
    ...a.despesas.por_categoria.map((c) => ({
      cells: [`Despesas: ${EXPENSE_CATEGORIES[c.categoria]}`, reais(c.valor_centavos)],
    })),
    { cells: ["Total de despesas", reais(a.despesas.total)] },
    { bold: true, cells: ["Saldo", reais(a.saldo)] },
    { cells: ["  do saldo, pago por quem ainda não tem vaga (volta se não abrir vaga)", reais(a.sem_vaga.total)] },
    { cells: ["A receber", reais(a.a_receber.total)] },
    ...title("Dinheiro em espécie ainda com cada pessoa"),
    ...a.recebido.especie_em_maos.map((p) => ({ cells: [`com ${p.nome}`, reais(p.valor_centavos)] })),
    ...title("A receber"),
    ...people(a.a_receber.linhas),
    ...title("Pagaram e esperam vaga (a devolver se não houver vaga)"),
    ...people(a.sem_vaga.linhas),
    ...title("Isenções"),
    ...people(a.isencoes.linhas),
    ...title("Descontos"),
    ...people(a.descontos.linhas),
    ...title("Recebimentos"),
    ...a.recebido.linhas.map((r) => ({
      cells: [r.nome, r.referencia ?? "", reais(r.valor_centavos), `${r.metodo} · ${r.origem}`],
    })),
    ...title("Reembolsos"),
    ...a.reembolsos.linhas.map((r) => ({ cells: [r.nome, r.data, reais(r.valor_centavos), r.metodo] })),
    ...title("Despesas"),
    ...a.despesas.linhas.map((d) => ({
      cells: [d.descricao, d.data, reais(d.valor_centavos), EXPENSE_CATEGORIES[d.categoria]],
    })),
  ];
}

export function accountsXlsx(accounts: Accounts): Readable {
  async function* rows() {
    yield accountRows(accounts);
  }
  return Readable.from(writeXlsx({ sheetName: "Prestação de contas", columnWidths: [44, 14, 14, 30], rows: rows() }), {
    objectMode: false,
  });
}
