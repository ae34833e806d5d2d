import {
  type Bus,
  type BusBody,
  type BusSaved,
  busRemovalRefusal,
  peopleCount,
  SEAT_MESSAGES,
  type SeatOverview,
  type SeatSummary,
} from "../../shared/seats";
import type { Database, Queryable } from "../db/database";
import { ConflictError, NotFoundError } from "../domain-errors";

// Buses and the counts of seats. The seat rules themselves are in the
// database (onibus_sem_excesso, registrations_settle_seats_*; docs/schema.md); this module asks first, so the coordinator gets a
// message that says what to do instead of a constraint's name.

interface BusRow {
  id: string;
  nome: string;
  lugares: number;
  ocupados: number;
  responsavel_nome: string | null;
  responsavel_telefone: string | null;
}

const BUS_COLUMNS = "id, nome, lugares, ocupados, responsavel_nome, responsavel_telefone";

const toBus = (row: BusRow): Bus => ({ ...row, livres: row.lugares - row.ocupados });

/** Every bus row, locked in the order the triggers lock them, for the rest of the transaction. */
export async function lockBuses(tx: Queryable): Promise<BusRow[]> {
  return tx.query<BusRow>(`SELECT ${BUS_COLUMNS} FROM onibus ORDER BY id FOR UPDATE`);
}

/** Kept by triggers (waiting_count): no scan of the waiting list. */
async function waitingCount(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>("SELECT n::int AS n FROM waiting_count");
  return row.n;
}

export async function seatOverview(db: Queryable): Promise<SeatOverview> {
  const buses = (await db.query<BusRow>(`SELECT ${BUS_COLUMNS} FROM onibus ORDER BY ordem, id`)).map(toBus);
  const sum = (key: "lugares" | "ocupados" | "livres") => buses.reduce((n, b) => n + b[key], 0);
  // Only while no bus exists can anyone be without one (the first bus places them all).
  const [unassigned] =
    buses.length === 0
      ? await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM registrations WHERE situacao = 'vaga' AND onibus_id IS NULL",
        )
      : [{ n: 0 }];
  return {
    onibus: buses,
    lugares: sum("lugares"),
    ocupados: sum("ocupados"),
    livres: sum("livres"),
    espera: await waitingCount(db),
    sem_onibus: unassigned.n,
  };
}

/** Counts a visitor may see: no names, no ids. */
export async function readSeatSummary(db: Queryable): Promise<SeatSummary> {
  const [row] = await db.query<{ limitado: boolean; livres: number; espera: number; lido_em: Date }>(
    `SELECT count(*) > 0 AS limitado, coalesce(sum(lugares - ocupados), 0)::int AS livres,
            (SELECT n::int FROM waiting_count) AS espera,
            clock_timestamp() AS lido_em
     FROM onibus`,
  );
  return { ...row, lido_em: new Date(row.lido_em).toISOString() };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "23505";

/** Runs a bus change and reports who it moved between a seat and the waiting list. */
async function changeBuses(
  db: Pick<Database, "transaction">,
  change: (tx: Queryable, buses: BusRow[]) => Promise<BusRow | null>,
): Promise<BusSaved | null> {
  try {
    return await db.transaction(async (tx) => {
      const buses = await lockBuses(tx);
      const before = await waitingCount(tx);
      const row = await change(tx, buses);
      const after = await waitingCount(tx);
      if (!row) return null;
      const [fresh] = await tx.query<BusRow>(`SELECT ${BUS_COLUMNS} FROM onibus WHERE id = $1`, [row.id]);
      return {
        onibus: toBus(fresh),
        promovidos: Math.max(0, before - after),
        para_espera: Math.max(0, after - before),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(SEAT_MESSAGES.duplicateName);
    throw err;
  }
}

export async function createBus(db: Pick<Database, "transaction">, body: BusBody): Promise<BusSaved> {
  const saved = await changeBuses(db, async (tx) => {
    const [row] = await tx.query<BusRow>(
      `INSERT INTO onibus (nome, lugares, ordem, responsavel_nome, responsavel_telefone)
       VALUES ($1, $2, (SELECT coalesce(max(ordem), 0) + 1 FROM onibus), $3, $4)
       RETURNING ${BUS_COLUMNS}`,
      [body.nome, body.lugares, body.responsavel_nome ?? null, body.responsavel_telefone ?? null],
    );
    return row;
  });
  return saved as BusSaved;
}

export async function updateBus(db: Pick<Database, "transaction">, id: string, body: BusBody): Promise<BusSaved> {
  const saved = await changeBuses(db, async (tx, buses) => {
    const bus = buses.find((b) => b.id === id);
    if (!bus) return null;
    if (body.lugares < bus.ocupados) {
      const excess = bus.ocupados - body.lugares;
      throw new ConflictError(
        `O ${bus.nome} tem ${peopleCount(bus.ocupados)}. Mova ${peopleCount(excess)} para outro ônibus (ou marque como desistente) antes de reduzir para ${body.lugares} lugares.`,
      );
    }
    const [row] = await tx.query<BusRow>(
      `UPDATE onibus SET nome = $2, lugares = $3, responsavel_nome = $4, responsavel_telefone = $5 WHERE id = $1
       RETURNING ${BUS_COLUMNS}`,
      [id, body.nome, body.lugares, body.responsavel_nome ?? null, body.responsavel_telefone ?? null],
    );
    return row;
  });
  if (!saved) throw new NotFoundError(SEAT_MESSAGES.busNotFound);
  return saved;
}

export async function deleteBus(db: Pick<Database, "transaction">, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const bus = (await lockBuses(tx)).find((b) => b.id === id);
    if (!bus) throw new NotFoundError(SEAT_MESSAGES.busNotFound);
    if (bus.ocupados > 0) {
      throw new ConflictError(busRemovalRefusal(bus));
    }
    await tx.query("DELETE FROM onibus WHERE id = $1", [id]);
  });
}
