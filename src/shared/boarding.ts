import * as z from "zod/mini";
import { isCalendarDay } from "./dates";
import type { PaymentMethod, PaymentStatus } from "./constants";
import { fold } from "./fold";
import { REGISTRATION_NOT_FOUND } from "./admin-api";
import { UUID_PATTERN } from "./constants";

/**
 * The roll call at the bus doors ("Embarque"), shared by the phone page and
 * the server (docs/decisions/026).
 *
 * GET  /api/boarding                      -> BoardingList              (admin)
 * POST /api/boarding/marks  marksBodySchema -> MarksResult            (admin)
 * POST /api/boarding/cash   cashBodySchema  -> BoardingPassenger      (admin)
 * GET  /api/events: `boarding` carries BoardingEvent, to admin streams only.
 */

export const TRIPS = ["ida", "volta"] as const;
export type Trip = (typeof TRIPS)[number];
export const TRIP_LABELS: Record<Trip, string> = { ida: "Ida", volta: "Volta" };

/** One batch of queued marks; a bigger queue goes in several. */
export const MARKS_PER_BATCH = 500;

export const BOARDING_MESSAGES = {
  invalid: "Marcação de embarque inválida.",
  tooMany: `Envie no máximo ${MARKS_PER_BATCH} marcações por vez.`,
  notFound: REGISTRATION_NOT_FOUND,
  notSeated: (nome: string) =>
    `${nome} não está em nenhum ônibus (lista de espera ou desistente): ninguém foi marcado.`,
  beforeRegistration: (nome: string) =>
    `Marcação de ${nome} com horário anterior à inscrição: confira o relógio do celular. Ninguém foi marcado.`,
  inTheFuture: (nome: string) =>
    `Marcação de ${nome} com horário no futuro: confira a data e a hora do celular. Ninguém foi marcado.`,
  unknownCode: "Código não reconhecido: este cartão não é de nenhuma inscrição da caravana.",
  otherBus: (nome: string, bus: string) => `${nome} é do ${bus}, não deste ônibus. Ninguém foi marcado.`,
  waiting: (nome: string) => `${nome} está na lista de espera e não tem lugar em ônibus. Ninguém foi marcado.`,
  cancelled: (nome: string) => `${nome} desistiu da caravana. Ninguém foi marcado.`,
  otherPerson:
    "Outra pessoa entrou no painel neste aparelho. As marcações esperam até ela decidir enviá-las em seu nome.",
} as const;

const uuid = z.string({ error: BOARDING_MESSAGES.invalid }).check(z.regex(UUID_PATTERN, BOARDING_MESSAGES.invalid));

// A timestamp as Date#toISOString writes it (zod's own ISO check would pull its regexes into the visitor's bundle).
// Offsets as real zones have them (-12:00 to +14:00): PostgreSQL refuses -23:59.
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;
/** A day that exists, in the caravan's years, and a time Date can read. */
const isRealMoment = (s: string) => isCalendarDay(s.slice(0, 10)) && !Number.isNaN(Date.parse(s));
const moment = z
  .string({ error: BOARDING_MESSAGES.invalid })
  .check(z.regex(ISO_MOMENT, BOARDING_MESSAGES.invalid), z.refine(isRealMoment, BOARDING_MESSAGES.invalid));

/** A tap on a phone: boarded (or undone) for one trip, with its own id and the moment it was made. */
export const markSchema = z.strictObject(
  {
    id: uuid,
    inscricao_id: uuid,
    viagem: z.enum(TRIPS, { error: BOARDING_MESSAGES.invalid }),
    embarcou: z.boolean({ error: BOARDING_MESSAGES.invalid }),
    feito_em: moment,
  },
  { error: () => BOARDING_MESSAGES.invalid },
);
export type Mark = z.output<typeof markSchema>;

/**
 * Who the phone's page believes is sending (`como`, a login). A page left open while someone else logs in on the
 * same phone still holds the first person's marks: the server refuses them instead of writing them in the new
 * person's name without asking ("Enviar em meu nome").
 */
const sender = z.optional(
  z.string({ error: BOARDING_MESSAGES.invalid }).check(z.maxLength(64, BOARDING_MESSAGES.invalid)),
);

export const marksBodySchema = z.strictObject(
  {
    como: sender,
    marcas: z
      .array(markSchema, { error: BOARDING_MESSAGES.invalid })
      .check(z.minLength(1, BOARDING_MESSAGES.invalid), z.maxLength(MARKS_PER_BATCH, BOARDING_MESSAGES.tooMany)),
  },
  { error: () => BOARDING_MESSAGES.invalid },
);

/** "Recebi em espécie" at the door; sent again from the queue, it changes nothing more. */
export const cashBodySchema = z.strictObject(
  { como: sender, inscricao_id: uuid },
  { error: () => BOARDING_MESSAGES.invalid },
);
export type CashBody = z.output<typeof cashBodySchema>;

/** A seated person as the roll call shows them. */
export interface BoardingPassenger {
  id: string;
  nome_completo: string;
  idade: number;
  /** Digits; null once anonymised. */
  numero_responsavel: string | null;
  /** How they said they would pay: "Recebi em espécie" asks first when it was PIX. Missing in lists kept before it was sent. */
  metodo_pagamento?: PaymentMethod;
  status_pagamento: PaymentStatus;
  referencia: string | null;
  /** null: seated while no bus exists ("Sem ônibus"). */
  onibus_id: string | null;
  ida: boolean;
  volta: boolean;
  /** Under 16 with no travel authorisation handed in (decision 037); shown only while the setting asks for it. Missing in lists kept before. */
  sem_autorizacao?: boolean;
  /** An adult the coordination added ("Acompanhante"). Missing in lists kept before. */
  acompanhante?: boolean;
  /** What they still owe, to say at the door before boarding. Missing in lists kept before. */
  devido_centavos?: number;
}

/** The bus leader's sheet (Coordenação): one page per bus, with the guardians and the health notes. */
export interface LeaderSheetBus {
  id: string | null;
  nome: string;
  lider_nome: string | null;
  lider_telefone: string | null;
  passageiros: {
    id: string;
    nome_completo: string;
    idade: number;
    responsavel_nome: string | null;
    parentesco: string | null;
    numero_responsavel: string | null;
    sem_autorizacao: boolean;
    acompanhante: boolean;
    saude: string | null;
  }[];
}

/** Someone with a pass but no seat: the reader says why it marks nobody. */
export interface OffSeatPass {
  referencia: string;
  nome_completo: string;
  situacao: "espera" | "desistente";
}

export interface BoardingBus {
  id: string | null;
  nome: string;
  lugares: number | null;
  /** Who of Equipe takes care of it ("Mensagens"): their roll call opens on it. Missing in lists kept before. */
  equipe_id?: number | null;
}

export interface BoardingList {
  /** The server's clock, so a phone with a wrong clock still orders its marks right. */
  agora: string;
  onibus: BoardingBus[];
  passageiros: BoardingPassenger[];
  fora: OffSeatPass[];
}

export interface MarkRefused {
  id: string;
  mensagem: string;
}

export interface MarksResult {
  /** Marks the server holds now (applied, or already superseded by a later one). */
  recebidas: string[];
  recusadas: MarkRefused[];
  /** The current state of every passenger the batch named. */
  estado: { id: string; ida: boolean; volta: boolean }[];
}

/** SSE `boarding`: ids and states only. */
export interface BoardingEvent {
  marks: { id: string; viagem: Trip; embarcou: boolean }[];
}

/** The label of the "Sem ônibus" group: people seated while no bus exists. */
export const NO_BUS_LABEL = "Sem ônibus";

/** "{n} de {total} embarcados" */
export const boardedLabel = (n: number, total: number) => `${n} de ${total} embarcados`;

/**
 * What a pass read at the door means, against the lists on the phone: the
 * passenger to mark, or the message to show. Works offline.
 */
export function readPass(
  list: Pick<BoardingList, "onibus" | "passageiros" | "fora">,
  code: string,
  busId: string | null,
): { passageiro: BoardingPassenger } | { mensagem: string } {
  const ref = code.trim().toUpperCase();
  const p = list.passageiros.find((x) => x.referencia === ref);
  if (p) {
    if (p.onibus_id === busId) return { passageiro: p };
    const bus = list.onibus.find((b) => b.id === p.onibus_id)?.nome ?? NO_BUS_LABEL;
    return { mensagem: BOARDING_MESSAGES.otherBus(p.nome_completo, bus) };
  }
  const off = list.fora.find((x) => x.referencia === ref);
  if (off) {
    return {
      mensagem:
        off.situacao === "espera"
          ? BOARDING_MESSAGES.waiting(off.nome_completo)
          : BOARDING_MESSAGES.cancelled(off.nome_completo),
    };
  }
  return { mensagem: BOARDING_MESSAGES.unknownCode };
}

/** Accent- and case-insensitive, for "Buscar passageiro". */
const NAMES = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** The people of one bus (null: "Sem ônibus") in the order of a Brazilian list: "Ângela" before "Bruno" and "Vinícius". */
export function busPassengers<P extends Pick<BoardingPassenger, "onibus_id" | "nome_completo">>(
  passengers: P[],
  busId: string | null,
): P[] {
  return passengers
    .filter((p) => p.onibus_id === busId)
    .sort((a, b) => NAMES.compare(a.nome_completo, b.nome_completo));
}

export function foldName(s: string): string {
  return fold(s).replace(/\s+/g, " ").trim();
}
