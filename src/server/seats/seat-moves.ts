import { SEAT_MESSAGES, type SeatMove } from "../../shared/seats";
import type { Database, Queryable } from "../db/database";
import { ConflictError, InvalidInputError, NotFoundError } from "../domain-errors";
import { readRegistration } from "../registrations/update-registration";
import { REGISTRATION_NOT_FOUND } from "../../shared/admin-api";
import { lockBuses } from "./bus-repository";

// The coordinator's moves: to a bus, to the waiting list, to "Desistente" and
// back. Each runs in one transaction that locks the buses first (the order
// the triggers use), checks, and lets the database seat and promote.

export const MOVED_MEANWHILE_MESSAGE =
  "Esta inscrição acabou de ser alterada por outra pessoa. Confira a lista e tente de novo.";
export const NO_WAITING_LIST_MESSAGE =
  "Há lugar livre nos ônibus, então ninguém fica na lista de espera: a pessoa voltaria para um lugar. Para liberar o lugar, marque como desistente.";
export const NO_BUSES_MESSAGE = "Sem ônibus cadastrado não há limite de vagas nem lista de espera.";
export const CHOOSE_BUS_MESSAGE = "Escolha o ônibus.";

/** A seat change's one write; docs/schema.md follows what it fires (schema-doc-actions.ts, checked by a test). */
export const MOVE_SEAT_SQL = "UPDATE registrations SET situacao = $2, onibus_id = $3, updated_at = now() WHERE id = $1";

const samePlace = (a: SeatMove["de"], b: SeatMove["de"]) => a.situacao === b.situacao && a.onibus_id === b.onibus_id;

/** Checks a move against the buses as they are now; throws the message the panel shows. */
async function checkMove(tx: Queryable, move: SeatMove, buses: Awaited<ReturnType<typeof lockBuses>>) {
  const { para, de } = move;
  if (para.situacao === "vaga") {
    if (buses.length === 0) {
      if (para.onibus_id) throw new NotFoundError(SEAT_MESSAGES.busNotFound);
      return;
    }
    if (!para.onibus_id) throw new InvalidInputError(CHOOSE_BUS_MESSAGE);
    const bus = buses.find((b) => b.id === para.onibus_id);
    if (!bus) throw new NotFoundError(SEAT_MESSAGES.busNotFound);
    if (bus.ocupados >= bus.lugares) {
      throw new ConflictError(`O ${bus.nome} está lotado (${bus.lugares} lugares). Escolha outro ônibus.`);
    }
    return;
  }
  if (para.situacao === "espera") {
    if (buses.length === 0) throw new ConflictError(NO_BUSES_MESSAGE);
    if (de.situacao !== "vaga") return;
    // From a seat, the list is a swap with the first in line, so someone must be waiting.
    const [first] = await tx.query<{ nome_completo: string }>(
      "SELECT nome_completo FROM registrations WHERE situacao = 'espera' ORDER BY ordem_espera LIMIT 1",
    );
    if (!first || buses.some((b) => b.ocupados < b.lugares)) throw new ConflictError(NO_WAITING_LIST_MESSAGE);
    if (!move.confirmar) {
      throw new ConflictError(
        `O lugar liberado vai para ${first.nome_completo}, 1º da lista de espera. Confirme para mover.`,
      );
    }
  }
}

/** Moves a registration; the database seats, promotes and announces (registrations_settle_seats_update, docs/schema.md). */
export async function moveRegistration(db: Pick<Database, "transaction">, id: string, move: SeatMove) {
  return db.transaction(async (tx) => {
    const buses = await lockBuses(tx);
    const [current] = await tx.query<SeatMove["de"]>(
      "SELECT situacao, onibus_id FROM registrations WHERE id = $1 FOR UPDATE",
      [id],
    );
    if (!current) throw new NotFoundError(REGISTRATION_NOT_FOUND);
    if (!samePlace(current, move.de)) throw new ConflictError(MOVED_MEANWHILE_MESSAGE);
    if (samePlace(current, move.para)) return readRegistration(tx, id);
    await checkMove(tx, move, buses);
    await tx.query(MOVE_SEAT_SQL, [id, move.para.situacao, move.para.onibus_id]);
    return readRegistration(tx, id);
  });
}
