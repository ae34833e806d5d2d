import type { Registration } from "../../../../shared/api-types";
import { whatsappTo } from "../../../../shared/phone";
import { seatLabel } from "../../../../shared/seats";
import { seatConfirmedText } from "../../../../shared/whatsapp-texts";
import { appConfig } from "../../../lib/app-config";
import { DeadlineNote } from "./deadline-note";

/** The guardian's WhatsApp with a message that the seat is confirmed; null once the phone was purged. */
export function seatConfirmedLink(r: Registration): string | null {
  if (!r.numero_responsavel) return null;
  return whatsappTo(r.numero_responsavel, seatConfirmedText(appConfig(), r));
}

/** Seated from the waiting list: the row offers to tell the guardian. */
const promoted = (r: Registration) => r.situacao === "vaga" && r.promovido_em !== null;

/**
 * The "Ônibus" column: the bus, "Lista de espera #N" or "Desistente"; "Pago, aguardando vaga" for money kept
 * while waiting (ahead of the unpaid, returned if no seat comes); the WhatsApp notice after a promotion.
 */
export function SeatCell({ registration: r }: { registration: Registration }) {
  const link = promoted(r) ? seatConfirmedLink(r) : null;
  return (
    <span className="reg-seat">
      <span className={`reg-seat-label reg-seat-${r.situacao}`}>{seatLabel(r)}</span>
      {r.situacao === "espera" && r.status_pagamento === "confirmado" && (
        <span className="reg-deadline reg-paid-waiting">Pago, aguardando vaga</span>
      )}
      <DeadlineNote registration={r} />
      {link && (
        <a className="reg-whatsapp" href={link} target="_blank" rel="noopener noreferrer">
          Avisar no WhatsApp
        </a>
      )}
    </span>
  );
}
