import * as z from "zod/mini";
import { isValidPhoneDigits, phoneDigits } from "./phone";
import { hasHiddenCharacters } from "./visible-text";
import { UUID_PATTERN } from "./constants";
import { agree, plural } from "./plural";

/**
 * Buses, seats and the waiting list, shared by the panel, the form and the
 * server (docs/decisions/025).
 *
 * GET    /api/buses                       -> SeatOverview                   (admin)
 * POST   /api/buses  busBodySchema         -> BusSaved (201)                (admin)
 * PATCH  /api/buses/:id  busBodySchema     -> BusSaved                      (admin)
 * DELETE /api/buses/:id                    -> 204                           (admin)
 * PUT    /api/registrations/:id/seat  seatMoveSchema -> Registration        (admin)
 * GET    /api/form-status                  -> FormStatus & { vagas: SeatSummary }
 * GET    /api/events: `seats` carries a SeatSummary, to every stream.
 */

/** "vencida": the payment deadline passed with nothing paid and the seat went on (shared/deadlines.ts). */
export const SEAT_STATES = ["vaga", "espera", "desistente", "vencida"] as const;
export type SeatState = (typeof SEAT_STATES)[number];

export const BUS_SEATS_MIN = 1;
export const BUS_SEATS_MAX = 100;
export const BUS_NAME_MAX = 40;
/** The form shows "Restam N vagas" from this many free seats down. */
export const FEW_SEATS = 20;

export const SEAT_MESSAGES = {
  nameRequired: "Informe o nome do ônibus.",
  nameTooLong: `O nome do ônibus deve ter no máximo ${BUS_NAME_MAX} caracteres.`,
  seats: `Lugares deve ser um número inteiro de ${BUS_SEATS_MIN} a ${BUS_SEATS_MAX}.`,
  invalid: "Dados do ônibus inválidos.",
  busNotFound: "Ônibus não encontrado.",
  duplicateName: "Já existe um ônibus com esse nome.",
  moveInvalid: "Escolha um ônibus, a lista de espera ou desistente.",
} as const;

const busName = z.string({ error: SEAT_MESSAGES.nameRequired }).check(
  z.trim(),
  z.refine((s) => s.isWellFormed(), SEAT_MESSAGES.invalid),
  z.normalize("NFC"),
  z.refine((s) => !hasHiddenCharacters(s), SEAT_MESSAGES.invalid),
  z.minLength(1, SEAT_MESSAGES.nameRequired),
  z.maxLength(BUS_NAME_MAX, SEAT_MESSAGES.nameTooLong),
  z.refine((s) => !s.includes("\u0000") && s.isWellFormed(), SEAT_MESSAGES.invalid),
);

/** Accepts a number or the string of an <input>. */
const seatCount = z.pipe(
  z.transform((v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v)),
  z
    .number({ error: SEAT_MESSAGES.seats })
    .check(
      z.refine(Number.isInteger, SEAT_MESSAGES.seats),
      z.gte(BUS_SEATS_MIN, SEAT_MESSAGES.seats),
      z.lte(BUS_SEATS_MAX, SEAT_MESSAGES.seats),
    ),
);

const objectError = (iss: { code?: string }) =>
  iss.code === "unrecognized_keys" ? "Campo não permitido." : SEAT_MESSAGES.invalid;

const blankToNull = (v: unknown) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v);
/** "Responsável pelo ônibus": the adult the travel authorisation names (decision 037). */
const leaderName = z.pipe(
  z.transform(blankToNull),
  z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.normalize("NFC"),
        z.minLength(2, "Nome do responsável pelo ônibus: ao menos 2 letras."),
        z.maxLength(80, "Nome do responsável pelo ônibus: no máximo 80 caracteres."),
      ),
  ),
);
const leaderPhone = z.pipe(
  z.transform((v: unknown) => {
    const b = blankToNull(v);
    return typeof b === "string" ? phoneDigits(b) : b;
  }),
  z.nullable(
    z.string().check(z.refine(isValidPhoneDigits, "Telefone do responsável: DDD e número, 10 ou 11 dígitos.")),
  ),
);

/** "Adicionar ônibus" and editing a bus: name and seats, and its leader when known. */
export const busBodySchema = z.strictObject(
  { nome: busName, lugares: seatCount, responsavel_nome: leaderName, responsavel_telefone: leaderPhone },
  { error: objectError },
);
export type BusBody = z.output<typeof busBodySchema>;

const uuid = z.string().check(z.regex(UUID_PATTERN));

export const busParamsSchema = z.object({ id: z.string().check(z.regex(UUID_PATTERN, SEAT_MESSAGES.busNotFound)) });

/** Where a registration is: a seat (in a bus, or anywhere while there is none), the list, or cancelled. */
export const seatPlaceSchema = z.object({
  situacao: z.enum(SEAT_STATES, { error: SEAT_MESSAGES.moveInvalid }),
  onibus_id: z.nullable(uuid),
});
export type SeatPlace = z.output<typeof seatPlaceSchema>;

/**
 * Moves a registration. `de` is where the panel saw it: if someone else moved
 * it meanwhile, the move is refused instead of undoing theirs. A move that
 * gives the freed seat to the first person waiting needs `confirmar`.
 */
export const seatMoveSchema = z.strictObject(
  { para: seatPlaceSchema, de: seatPlaceSchema, confirmar: z.optional(z.boolean()) },
  { error: () => SEAT_MESSAGES.moveInvalid },
);
export type SeatMove = z.output<typeof seatMoveSchema>;

export interface Bus {
  id: string;
  nome: string;
  lugares: number;
  ocupados: number;
  livres: number;
  responsavel_nome: string | null;
  responsavel_telefone: string | null;
}

export interface SeatOverview {
  onibus: Bus[];
  /** Totals over the buses, and the waiting list. */
  lugares: number;
  ocupados: number;
  livres: number;
  espera: number;
  /** Registered with a seat but no bus: everyone, while no bus exists. */
  sem_onibus: number;
}

export interface BusSaved {
  onibus: Bus;
  /** People the change moved: seated from the list, or (first bus) sent to it. */
  promovidos: number;
  para_espera: number;
}

/** What a visitor may know: counts only. */
export interface SeatSummary {
  /** False while no bus is configured: no limit, and the form shows no count. */
  limitado: boolean;
  livres: number;
  espera: number;
  /** When the counts were read (database clock): the newest wins on the page. */
  lido_em: string;
}

/** A place that is not a seat, as the list, the edit dialog and the exports name it. */
export const OFF_SEAT_LABELS = {
  espera: "Lista de espera",
  desistente: "Desistente",
  vencida: "Vaga vencida",
} as const;

/** How a registration's place reads in the panel: the bus, "Lista de espera #N", "Desistente" or "Vaga vencida". */
export function seatLabel(place: { situacao: SeatState; onibus_nome: string | null; posicao_espera: number | null }) {
  if (place.situacao === "vaga") return place.onibus_nome ?? "Sem ônibus";
  const label = OFF_SEAT_LABELS[place.situacao];
  return place.situacao === "espera" && place.posicao_espera !== null ? `${label} #${place.posicao_espera}` : label;
}

/** "1 pessoa", "3 pessoas". */
export const peopleCount = (n: number) => plural(n, "pessoa", "pessoas");

/** Why a bus with people cannot be removed; the panel says it before trying, the server when refusing. */
export const busRemovalRefusal = (bus: Pick<Bus, "nome" | "ocupados">) =>
  `O ${bus.nome} tem ${peopleCount(bus.ocupados)}. Mova ${agree(bus.ocupados, "essa pessoa", "essas pessoas")} para outro ônibus (ou marque como desistente) antes de removê-lo.`;

/** The newer of two summaries (answers and live events may arrive out of order). */
export function newerSeatSummary(current: SeatSummary | null, next: SeatSummary): SeatSummary {
  return current && Date.parse(current.lido_em) > Date.parse(next.lido_em) ? current : next;
}
