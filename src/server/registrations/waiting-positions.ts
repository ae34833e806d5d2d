import type { SeatState } from "../../shared/seats";
import type { Queryable } from "../db/database";
import { busNameOf } from "./registration-row";

interface Placed {
  id: string;
  situacao: SeatState;
  onibus_nome: string | null;
  posicao_espera: number | null;
}

/**
 * Reads the rows a registration INSERT put in the waiting list again, for
 * their position (or the seat a promotion gave them meanwhile). One
 * statement's waiting rows take consecutive places (it holds the bus locks
 * while it queues them), so the number waiting (waiting_count) minus
 * those behind the first of them gives every position; those behind are only
 * the statement's own rows and the few queued since.
 * The rows are already committed: if this read fails, the answer goes without
 * the position rather than as a failure that a retry would turn into a second
 * registration.
 */
export async function withWaitingPositions<T extends Placed>(db: Queryable, rows: T[]): Promise<T[]> {
  const waiting = rows.filter((r) => r.situacao === "espera").map((r) => r.id);
  if (waiting.length === 0) return rows;
  try {
    const [{ seats }] = await db.query<{ seats: (Omit<Placed, "posicao_espera"> & { posicao: number | null })[] }>(
      `WITH mine AS (SELECT id, situacao, onibus_id, ordem_espera FROM registrations WHERE id = ANY($1::uuid[])),
            behind AS (SELECT count(*)::int AS n FROM registrations
                       WHERE situacao = 'espera' AND ordem_espera > (SELECT min(ordem_espera) FROM mine)),
            placed AS (
              SELECT m.id, m.situacao, ${busNameOf("m.onibus_id")} AS onibus_nome,
                     CASE WHEN m.situacao = 'espera' THEN (SELECT n::int FROM waiting_count) - (SELECT n FROM behind) - 1
                          + count(*) FILTER (WHERE m.situacao = 'espera') OVER (ORDER BY m.ordem_espera) END AS posicao
              FROM mine m)
       SELECT json_agg(placed) AS seats FROM placed`,
      [waiting],
    );
    const byId = new Map(seats.map((s) => [s.id, s]));
    return rows.map((row) => {
      const seat = byId.get(row.id);
      return seat
        ? { ...row, situacao: seat.situacao, onibus_nome: seat.onibus_nome, posicao_espera: seat.posicao }
        : row;
    });
  } catch {
    return rows;
  }
}
