import { FEW_SEATS, type SeatSummary } from "../../../shared/seats";
import { agree, plural } from "../../../shared/plural";

/** Every seat of every bus is taken: a new registration joins the waiting list. */
export const soldOut = (seats: SeatSummary | null) => seats?.limitado === true && seats.livres <= 0;

/** Near the price: "Restam N vagas" once few are left, "Vagas esgotadas" when none is. Live. */
export function SeatsLeft({ seats }: { seats: SeatSummary | null }) {
  if (!seats?.limitado) return null;
  if (seats.livres <= 0) {
    return (
      <p className="seats-left seats-left-none" role="status">
        <strong>Vagas esgotadas</strong>
        <span>Ainda dá para entrar na lista de espera.</span>
      </p>
    );
  }
  if (seats.livres > FEW_SEATS) return null;
  return (
    <p className="seats-left" role="status">
      <strong>
        {agree(seats.livres, "Resta", "Restam")} {plural(seats.livres, "vaga", "vagas")}
      </strong>
    </p>
  );
}

/** In place of the payment steps while every seat is taken: nobody pays for a seat they do not have. */
export function WaitingListPanel() {
  return (
    <section className="pay-panel" aria-labelledby="waiting-panel-title">
      <h3 id="waiting-panel-title" className="pay-panel-title">
        Lista de espera
      </h3>
      <p className="pay-warning">
        Os ônibus estão lotados. Envie seus dados para entrar na <strong>lista de espera</strong>: não pague agora. A
        coordenação chama pela ordem da lista quando abrir uma vaga.
      </p>
    </section>
  );
}
