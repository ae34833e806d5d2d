import type { FastifyBaseLogger } from "fastify";
import type { SeatSummary } from "../../shared/seats";
import type { Queryable } from "../db/database";
import { readSeatSummary } from "./bus-repository";

// Seat counts are read once per burst of changes, not once per registration.
const SEATS_DEBOUNCE_MS = 200;

/**
 * The counts every visitor's form shows ("vagas", "lista de espera"), read
 * again after a burst of changes and passed on only when they changed.
 */
export function seatSummaryFeed(db: Queryable, publish: (summary: SeatSummary) => void, log: FastifyBaseLogger) {
  let last = "";
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function sendNow(force: boolean): Promise<void> {
    const summary = await readSeatSummary(db);
    const key = `${summary.limitado}/${summary.livres}/${summary.espera}`;
    if (!force && key === last) return;
    last = key;
    publish(summary);
  }

  return {
    sendNow,
    /** A registration or a bus changed: the counts are read once the burst is over. */
    mayHaveChanged(): void {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        sendNow(false).catch((err) => log.error({ err }, "falha ao ler as vagas"));
      }, SEATS_DEBOUNCE_MS);
    },
    stop(): void {
      clearTimeout(timer);
    },
  };
}
