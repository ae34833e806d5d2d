import type { ExpenseCategory, LineState, MATCH_LABELS } from "./finance";
import { brDayMonth } from "./dates";

/** What the finance routes answer (docs/decisions/036): the panel's views of lines, cash, refunds and the accounts. */

export interface CandidateView {
  id: string;
  nome_completo: string;
  referencia: string | null;
  devido_centavos: number;
  status_pagamento: "pendente" | "confirmado";
  situacao: "vaga" | "espera" | "desistente" | "vencida";
}

export interface StatementLineView {
  id: string;
  data: string;
  valor_centavos: number;
  descricao: string | null;
  pagador: string | null;
  banco: string | null;
  estado: LineState;
  como: keyof typeof MATCH_LABELS | null;
  /** Suggested registrations, best first ("Confirmar"); for "Já pago", the one already paid. */
  candidatos: CandidateView[];
  /** The registrations this line paid. */
  pagou: { id: string; nome_completo: string }[];
  /** The earlier credit this line seems to repeat (como "repetida"): its day and file. */
  repete: { data: string; arquivo: string } | null;
}

export interface ImportResult {
  arquivo: string;
  banco: string;
  lidas: number;
  novas: number;
  pagas: number;
  sugeridas: number;
  sem_correspondencia: number;
  repetidas: number;
  ignoradas: number;
  ja_pagas: number;
  grupos: Record<"pagas" | "sugeridas" | "sem_correspondencia" | "ja_pagas" | "repetidas", StatementLineView[]>;
}

/** A new CSV mapping's first credits as they would be imported, before anything is written. */
export interface StatementPreview {
  banco: string;
  creditos: number;
  /** Entries left out: debits, balances, zero amounts. */
  ignoradas: number;
  linhas: { data: string; valor_centavos: number; descricao: string }[];
}

export interface ColumnsNeeded {
  error: string;
  colunas: string[];
  exemplo: string[][];
}

export interface CashPerson {
  id: number;
  nome: string;
  papel: "coordenacao" | "equipe";
  recebido_centavos: number;
  entregue_centavos: number;
  em_maos_centavos: number;
}
export interface HandoverView {
  id: string;
  de: { id: number; nome: string };
  para: { id: number; nome: string };
  valor_centavos: number;
  em: string;
  confirmada_em: string | null;
  /** Who registered it: the receiver, when they took cash the giver did not hand over in the panel. */
  registrada_por: { id: number | null; nome: string | null };
}
export interface CashView {
  pessoas: CashPerson[];
  entregas: HandoverView[];
  /** Who may receive a handover: active Coordenação. */
  recebedores: { id: number; nome: string }[];
  /** The person asking: their own row, and the handovers they confirm. */
  eu: number;
}

export interface RefundView {
  id: string;
  inscricao_id: string | null;
  nome: string | null;
  referencia: string | null;
  origem: "desistencia" | "exclusao" | "pagamento_duplo" | "pagamento_a_maior";
  valor_centavos: number;
  estado: "pendente" | "reembolsado" | "sem_reembolso";
  devolvido_centavos: number | null;
  metodo: "PIX" | "ESPECIE" | null;
  data: string | null;
  motivo: string | null;
  resolvido_por_nome: string | null;
  criado_em: string;
}
export const REFUND_ORIGINS = {
  desistencia: "Desistiu depois de pagar",
  exclusao: "Inscrição excluída depois de paga",
  pagamento_duplo: "Pagamento em dobro (extrato)",
  pagamento_a_maior: "Pago a mais (extrato)",
} as const;

export interface ExpenseView {
  id: string;
  descricao: string;
  valor_centavos: number;
  data: string;
  categoria: ExpenseCategory;
  tem_comprovante: boolean;
  registrada_por_nome: string;
  /** Paid with the cash in this person's hands; null: from the account. */
  pago_em_especie_por_nome: string | null;
}

export interface PaymentRecord {
  id: string;
  tipo: "pagamento" | "estorno" | "isencao" | "desconto";
  valor_centavos: number;
  metodo: "PIX" | "ESPECIE" | null;
  origem: "painel" | "chamada" | "extrato";
  registrado_por_nome: string;
  recebido_por_nome: string | null;
  em: string;
  motivo: string | null;
  extrato: { banco: string | null; data: string; pagador: string | null } | null;
}

/** GET /api/registrations/:id/payments: the records, and the amounts the dialog of "Isento"/"Desconto" needs. */
export interface RegistrationPayments {
  registros: PaymentRecord[];
  preco_centavos: number;
  devido_centavos: number;
  nome_pagador: string | null;
}

/** "PIX, extrato Nubank de 12/08, confirmado por Maria": how a payment record reads in the details. */
export function describePayment(p: PaymentRecord): string {
  const method = p.metodo === "ESPECIE" ? "Espécie" : "PIX";
  if (p.tipo === "isencao") return `Isento: ${p.motivo ?? ""} (por ${p.registrado_por_nome})`;
  if (p.tipo === "desconto") return `Desconto: ${p.motivo ?? ""} (por ${p.registrado_por_nome})`;
  if (p.tipo === "estorno") return `Pagamento desfeito por ${p.registrado_por_nome}`;
  if (p.extrato) {
    const bank = p.extrato.banco ? ` ${p.extrato.banco}` : "";
    return `${method}, extrato${bank} de ${brDayMonth(p.extrato.data)}, confirmado por ${p.registrado_por_nome}`;
  }
  if (p.origem === "chamada")
    return `${method}, recebido na chamada por ${p.recebido_por_nome ?? p.registrado_por_nome}`;
  return `${method}, confirmado por ${p.registrado_por_nome}`;
}

export interface AccountsPerson {
  id: string;
  nome: string;
  referencia: string | null;
  valor_centavos: number;
  detalhe?: string;
}
/** Someone who paid and has no seat ("Pago, aguardando vaga"): the money goes back unless a seat comes. */
export interface PaidWithoutSeat {
  id: string;
  nome_completo: string;
  referencia: string | null;
  posicao_espera: number | null;
  pago_centavos: number;
}

export interface Accounts {
  /** From the first registration, payment or expense (null: none yet) to today, AAAA-MM-DD. */
  periodo: { de: string | null; ate: string };
  /** `acompanhantes`: of those with a seat, the adults the coordination added. */
  inscricoes: { vaga: number; espera: number; desistente: number; vencida: number; acompanhantes: number };
  /** The price of everyone seated, with the rows. */
  esperado: { total: number; linhas: AccountsPerson[] };
  isencoes: { total: number; linhas: AccountsPerson[] };
  descontos: { total: number; linhas: AccountsPerson[] };
  recebido: {
    total: number;
    pix_extrato: number;
    pix_manual: number;
    especie: number;
    /** Cash each person received (at the door, in the panel), whatever they did with it after. */
    especie_por_pessoa: { nome: string; valor_centavos: number }[];
    /** Cash each person holds now: received and handed to them, less handed over, refunded and spent. */
    especie_em_maos: { nome: string; valor_centavos: number }[];
    linhas: {
      nome: string;
      referencia: string | null;
      valor_centavos: number;
      metodo: string;
      origem: string;
      em: string;
    }[];
  };
  reembolsos: { total: number; linhas: { nome: string; valor_centavos: number; metodo: string; data: string }[] };
  despesas: {
    total: number;
    por_categoria: { categoria: ExpenseCategory; valor_centavos: number }[];
    linhas: ExpenseView[];
  };
  saldo: number;
  /** Received from people with no seat: part of the balance, to be returned unless they are seated. */
  sem_vaga: { total: number; linhas: AccountsPerson[] };
  a_receber: { total: number; linhas: AccountsPerson[] };
}

/**
 * GET /api/finance/statements/queue/:ticket: where an upload stands. Files are read one at a time on each
 * instance; null once it is no longer waiting or being read (or on another instance).
 */
export type StatementQueuePlace = { estado: "fila"; antes: number } | { estado: "lendo" } | null;
