import { formatPrice } from "./price";
import { whatsappTo } from "./phone";
import { agree, plural } from "./plural";

/**
 * "Mensagens" (docs/decisions/043): the coordination writes one text, the
 * panel fills it in for each family, and a helper sends each with one tap
 * through a wa.me link from their own WhatsApp.
 *
 * GET  /api/mensagens                      -> MessagesHome          (both roles; Equipe sees its own bus)
 * PUT  /api/mensagens/textos/:chave {texto} -> MessageText           (Coordenação)
 * DELETE /api/mensagens/textos/:chave      -> MessageText ("Restaurar texto original")
 * POST /api/mensagens/previa  NewMessageList -> MessagePreview
 * POST /api/mensagens/listas  NewMessageList -> { id }              (201)
 * GET  /api/mensagens/listas/:id           -> MessageListView
 * GET  /api/mensagens/linhas/:id/whatsapp  -> 302 to wa.me, the row marked sent
 * POST /api/mensagens/linhas/:id/texto     -> { texto, url } ("Copiar texto": the row held for you)
 * POST /api/mensagens/linhas/:id/enviada   -> MessageRowView
 * GET  /api/mensagens/inscricao/:id/whatsapp?texto= -> 302 to wa.me, one registration (details, cards; Coordenação)
 *
 * The bodies and answers are in shared/message-lists.ts.
 */

export const MESSAGE_GROUPS = {
  pendentes: "Pagamento pendente",
  onibus: "Ônibus",
  espera: "Lista de espera",
  sem_autorizacao: "Menores sem autorização",
  com_vaga: "Todos com vaga",
  reembolso: "Desistentes com reembolso pendente",
  prazo_vencendo: "Prazo vencendo",
  selecionados: "Selecionados na lista",
} as const;
export type MessageGroup = keyof typeof MESSAGE_GROUPS;
export const MESSAGE_GROUP_KEYS = Object.keys(MESSAGE_GROUPS) as MessageGroup[];

export const MESSAGE_TEXT_KEYS = [
  "lembrete_pagamento",
  "horario_saida",
  "autorizacao_pendente",
  "vaga_liberada",
  "link_inscricao",
  "lembrete_prazo",
] as const;
export type MessageTextKey = (typeof MESSAGE_TEXT_KEYS)[number];

/** The built-in texts: each may be edited and is saved for next time; "Restaurar texto original" brings these back. */
export const DEFAULT_MESSAGE_TEXTS: Record<MessageTextKey, { titulo: string; texto: string }> = {
  lembrete_pagamento: {
    titulo: "Lembrete de pagamento",
    texto: [
      "Olá! Aqui é a coordenação da caravana {evento} ({grupo}).",
      "Ainda falta pagar:",
      "• {nome} (código {codigo}): {valor} até {prazo} – {link}",
      "No link estão os dados do PIX (ou como pagar em dinheiro) e a situação do pagamento.",
      "Se já pagou, é só desconsiderar esta mensagem. Obrigado!",
    ].join("\n"),
  },
  horario_saida: {
    titulo: "Horário de saída",
    texto: [
      "Olá! Aqui é a coordenação da caravana {evento} ({grupo}), em {data}.",
      "Saída: {horario}, em {local}. Chegue 20 minutos antes.",
      "• {nome}: {onibus} – {link}",
      "Até lá!",
    ].join("\n"),
  },
  autorizacao_pendente: {
    titulo: "Autorização pendente",
    texto: [
      "Olá! Aqui é a coordenação da caravana {evento} ({grupo}).",
      "Ainda não recebemos a autorização de viagem, assinada pelo responsável, de:",
      "• {nome} (código {codigo}) – documento para imprimir: {link}",
      "Imprima, assine com firma reconhecida em cartório e entregue à coordenação. Quem tem menos de 16 anos só embarca com ela. Obrigado!",
    ].join("\n"),
  },
  vaga_liberada: {
    titulo: "Vaga liberada",
    texto: [
      "Olá! Aqui é a coordenação da caravana {evento} ({grupo}). Boa notícia: abriu vaga!",
      "• {nome} (código {codigo}) agora tem vaga ({onibus}). Falta pagar {valor} até {prazo}: {link}",
    ].join("\n"),
  },
  link_inscricao: {
    titulo: "Link da inscrição",
    texto: [
      "Olá! Aqui é a coordenação da caravana {evento} ({grupo}).",
      "• Inscrição de {nome} (código {codigo}): {link}",
      "Pelo link você acompanha o pagamento e o ônibus e pode corrigir os dados. Não compartilhe: ele dá acesso à inscrição.",
    ].join("\n"),
  },
  lembrete_prazo: {
    titulo: "Lembrete de prazo",
    texto: [
      "Olá! Aqui é a coordenação da caravana {evento} ({grupo}). O prazo para pagar está acabando:",
      "• {nome} (código {codigo}): {valor} até {prazo} – {link}",
      "Depois do prazo a vaga passa para a próxima pessoa da lista de espera. Se já pagou, é só desconsiderar. Obrigado!",
    ].join("\n"),
  },
};

/** A registration's fields: a line that uses any of them is written once for each person on the phone. */
export const PERSON_FIELDS = [
  "nome",
  "primeiro_nome",
  "codigo",
  "valor",
  "prazo",
  "link",
  "onibus",
  "posicao",
] as const;
/** The event's fields, from "Configurações". */
export const EVENT_FIELDS = ["evento", "grupo", "data", "horario", "local"] as const;
export const MESSAGE_FIELDS: readonly string[] = [...PERSON_FIELDS, ...EVENT_FIELDS];

/** Every phone's browser opens a link this long (decision 043). */
export const MAX_WHATSAPP_LINK = 2000;
export const MAX_MESSAGE_TEXT = 1500;
/** A "Copiar texto" row stays with whoever took it this long. */
export const ROW_HOLD_MINUTES = 10;

export interface MessagePerson {
  nome: string;
  codigo: string;
  /** What is still owed, in centavos (0 when paid or exempt). */
  devido_centavos: number;
  onibus: string | null;
  posicao_espera: number | null;
  /** "16/08 às 20:00": the payment deadline in the event's zone, or null when there is none. */
  prazo: string | null;
  /** The personal "Minha inscrição" link. */
  link: string;
}

export interface MessageEventFacts {
  evento: string;
  grupo: string;
  data: string;
  horario: string;
  local: string;
}

const FIELD = /\{([^{}\s]{1,30})\}/g;

/** The `{campo}` names a text uses that do not exist, each once, in order. */
export function unknownFields(text: string): string[] {
  const unknown = new Set<string>();
  for (const m of text.matchAll(FIELD)) if (!MESSAGE_FIELDS.includes(m[1])) unknown.add(m[1]);
  return [...unknown];
}

const usesPersonField = (line: string) =>
  [...line.matchAll(FIELD)].some((m) => (PERSON_FIELDS as readonly string[]).includes(m[1]));

function personValue(field: string, p: MessagePerson): string | undefined {
  switch (field) {
    case "nome":
      return p.nome;
    case "primeiro_nome":
      return p.nome.trim().split(/\s+/)[0];
    case "codigo":
      return p.codigo;
    case "valor":
      return formatPrice(p.devido_centavos);
    case "prazo":
      return p.prazo ?? "o dia da caravana";
    case "link":
      return p.link;
    case "onibus":
      return p.onibus ?? (p.posicao_espera ? `${p.posicao_espera}º da lista de espera` : "ônibus a definir");
    case "posicao":
      return p.posicao_espera ? `${p.posicao_espera}ª posição na lista de espera` : "com vaga";
  }
  return undefined;
}

/**
 * The text for one phone: event fields filled in once, and each line that
 * uses a person's field written once per person, in order, so siblings get
 * one message that names each of them with their code and amount.
 */
export function fillMessage(text: string, people: MessagePerson[], facts: MessageEventFacts): string {
  const event = (line: string) =>
    line.replace(FIELD, (whole, field: string) =>
      (EVENT_FIELDS as readonly string[]).includes(field) ? facts[field as keyof MessageEventFacts] : whole,
    );
  const lines: string[] = [];
  for (const line of text.split("\n")) {
    if (!usesPersonField(line)) {
      lines.push(event(line));
      continue;
    }
    for (const person of people) {
      lines.push(event(line).replace(FIELD, (whole, field: string) => personValue(field, person) ?? whole));
    }
  }
  return lines.join("\n");
}

/**
 * How many characters to cut from the end of `text` so that its wa.me link
 * fits MAX_WHATSAPP_LINK; 0 when it already fits. Accents and emoji weigh
 * more than one character once encoded, so this counts them as they are sent.
 */
export function charactersOver(digits: string, text: string): number {
  let over = whatsappTo(digits, text).length - MAX_WHATSAPP_LINK;
  if (over <= 0) return 0;
  const chars = [...text];
  let cut = 0;
  while (over > 0 && cut < chars.length) {
    over -= encodeURIComponent(chars[chars.length - 1 - cut]).length;
    cut += 1;
  }
  return cut;
}

export const TOO_LONG_MESSAGE = (cut: number) =>
  `A mensagem ficou longa demais para abrir no WhatsApp: corte cerca de ${plural(cut, "caractere", "caracteres")}.`;

const VALID_DDD = /^(1[1-9]|2[12478]|3[1-578]|4[1-9]|5[1345]|6[1-9]|7[134579]|8[1-9]|9[1-9])$/;

/** Why a number cannot get a WhatsApp message from a link, or null for a valid Brazilian mobile. */
export function mobileProblem(digits: string): string | null {
  if (digits.length === 10) return "Número fixo ou sem o 9 do celular";
  if (digits.length !== 11) return "Número com dígitos faltando ou sobrando";
  if (!VALID_DDD.test(digits.slice(0, 2))) return `DDD ${digits.slice(0, 2)} não existe`;
  if (digits[2] !== "9") return "Celular deve começar com 9 depois do DDD";
  return null;
}

export const MESSAGE_MESSAGES = {
  emptyGroup: "Ninguém neste grupo recebe esta mensagem agora.",
  unknownField: (fields: string[]) =>
    `${agree(fields.length, "Campo desconhecido", "Campos desconhecidos")}: ${fields.map((f) => `{${f}}`).join(", ")}. Use só: ${MESSAGE_FIELDS.map((f) => `{${f}}`).join(", ")}.`,
  emptyText: "Escreva a mensagem.",
  textTooLong: `A mensagem pode ter até ${MAX_MESSAGE_TEXT} caracteres.`,
  listNotFound: "Lista de mensagens não encontrada.",
  rowNotFound: "Mensagem não encontrada.",
  busOnly: "A Equipe envia mensagens só para o ônibus de que cuida.",
  linkNotForEquipe:
    "Textos da Equipe não levam {link}: o link pessoal abre os dados de saúde da família e só vai nos textos da Coordenação. Tire {link} do texto.",
  listNotYours: "Esta lista é de outra pessoa da Equipe.",
  busNotFound: "Ônibus não encontrado.",
} as const;

/** Whether a text asks for each person's personal link, which gives out a secret when the row is opened. */
export const hasPersonalLink = (text: string) => text.includes("{link}");

/** A saved text as Equipe may send it: with no personal link, and no dash or colon left hanging before it. */
export const withoutPersonalLink = (text: string) => text.replace(/[ \t]*[–:-]?[ \t]*\{link\}/g, "");

/** Why a tap on "Abrir WhatsApp" came back to the page instead (…?aviso=). */
export const MESSAGE_NOTICES = {
  enviada: "Esta mensagem já foi enviada, por isso o WhatsApp não abriu de novo.",
  com_outro: "Outra pessoa da Equipe está enviando esta mensagem agora. Passe para a próxima.",
  descartada: "Esta mensagem não é mais necessária; o motivo aparece na lista.",
  invalida: "Este número não é um celular válido para o WhatsApp.",
  sem_mensagens: "O responsável por esta inscrição pediu para não receber mensagens.",
} as const;
export type MessageNotice = keyof typeof MESSAGE_NOTICES;
