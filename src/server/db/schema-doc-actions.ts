import type { Write } from "./schema-doc-events";

/**
 * The product's actions whose consequences docs/schema.md follows: the
 * statements each one runs, as its module writes them. What those statements
 * fire is read from the database (schema-doc-events.ts).
 */
export interface DocumentedAction {
  title: string;
  /** The module, under src/server/, that runs the statements. */
  module: string;
  writes: Write[];
}

const update = (table: string, ...columns: string[]): Write => ({ table, event: "UPDATE", columns });

/** The tables an edition's close empties (editions/close-edition.ts, EDITION_TABLES; a test keeps them equal). */
export const CLOSE_EMPTIES = [
  "registrations",
  "inscricao_acessos",
  "mensagem_linhas",
  "mensagem_listas",
  "receipts",
  "receipt_uploads",
  "embarques",
  "registration_duplicates",
  "pagamentos",
  "entregas_dinheiro",
  "reembolsos",
  "despesas",
  "extrato_linhas",
  "extrato_importacoes",
  "aviso_fila",
  "aviso_inscricoes",
  "aviso_assinaturas",
  "aviso_lembretes",
];

export const DOCUMENTED_ACTIONS: DocumentedAction[] = [
  {
    title: '"Desistir" (a family on "Minha inscrição", or "Desistente" in the panel)',
    module: "my-registration/give-up-registration.ts",
    writes: [update("registrations", "situacao", "onibus_id", "updated_at")],
  },
  {
    title: '"Marcar Pago" (and its undo)',
    module: "payments/payment-actions.ts",
    writes: [update("registrations", "status_pagamento", "situacao", "updated_at")],
  },
  {
    title: "A seat change: another bus, the waiting list",
    module: "seats/seat-moves.ts",
    writes: [update("registrations", "situacao", "onibus_id", "updated_at")],
  },
  {
    title: 'A deadline that passed: the seat released ("Vencida"), by the minute\'s pass or "Liberar vaga"',
    module: "deadlines/release-expired.ts",
    writes: [update("registrations", "situacao", "onibus_id", "updated_at")],
  },
  {
    title: "A statement payment: a code, a confirmed suggestion, a line linked by hand",
    module: "finance/pay-from-statement.ts",
    writes: [
      update("extrato_linhas", "estado", "como", "descricao", "resolvida_por", "resolvida_em"),
      update("registrations", "status_pagamento", "metodo_pagamento", "situacao", "updated_at"),
      { table: "reembolsos", event: "INSERT", columns: null },
    ],
  },
  {
    title: "The edition's close",
    module: "editions/close-edition.ts",
    writes: [
      { table: "edicao_inscricoes", event: "INSERT", columns: null },
      { table: "referencias_usadas", event: "INSERT", columns: null },
      ...CLOSE_EMPTIES.map((table): Write => ({ table, event: "TRUNCATE", columns: null })),
      update("onibus", "ocupados"),
      { table: "onibus", event: "DELETE", columns: null },
      { table: "admin_users", event: "DELETE", columns: null },
      update("event_settings", "valor", "origem", "atualizado_em"),
      { table: "event_settings", event: "INSERT", columns: null },
      update("form_settings", "is_open", "updated_at"),
      update("edicoes", "nome", "data", "encerrada_em", "encerrada_por", "escolhas", "totais", "dados_ate"),
      { table: "edicoes", event: "INSERT", columns: null },
    ],
  },
];
