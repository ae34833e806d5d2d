import { ADULT_AGE } from "../../../../shared/privacy";
import { whatsappTo } from "../../../../shared/phone";
import { notBoardedText } from "../../../../shared/whatsapp-texts";
import { appConfig } from "../../../lib/app-config";
import type { Trip } from "../../../../shared/boarding";
import type { SeenPassenger } from "../utils/roll-call-state";

interface Props {
  passenger: SeenPassenger;
  trip: Trip;
  /** "Faltam": the row offers to call or message the guardian. */
  showContacts: boolean;
  /** Under 16 with no travel authorisation handed in. */
  noAuthorization: boolean;
  busName: string;
  onTap: () => void;
  onCash: () => void;
}

/** One person at the door: a big tap target that marks "Embarcou", and the cash button while unpaid. */
export function PassengerRow({ passenger: p, trip, showContacts, noAuthorization, busName, onTap, onCash }: Props) {
  const boarded = p[trip];
  const paid = p.status_pagamento === "confirmado";
  const minor = p.idade < ADULT_AGE;
  const classes = ["rc-row", boarded ? "is-boarded" : "", paid ? "" : "is-unpaid"].filter(Boolean).join(" ");
  const message = notBoardedText(appConfig(), p.nome_completo, busName, trip);
  return (
    <li className={classes}>
      <button type="button" className="rc-tap" aria-pressed={boarded} onClick={onTap}>
        <span className="rc-check" aria-hidden="true">
          {boarded ? "✓" : ""}
        </span>
        <span className="rc-text">
          <span className="rc-name">{p.nome_completo}</span>
          <span className="rc-meta">
            {p.idade} anos
            {minor && <span className="rc-minor">menor</span>}
            {p.acompanhante && <span className="rc-minor">acompanhante</span>}
            {noAuthorization && <span className="rc-no-auth">Sem autorização</span>}
            <span className={paid ? "rc-paid" : "rc-unpaid"}>{paid ? "Pago" : "Não pago"}</span>
          </span>
          {(boarded || p.aguardando) && (
            <span className="rc-state">
              {boarded && "Embarcou"}
              {boarded && p.aguardando && " · "}
              {p.aguardando && <span className="rc-pending">aguardando envio</span>}
            </span>
          )}
        </span>
      </button>
      {(!paid || (showContacts && p.numero_responsavel)) && (
        <div className="rc-actions">
          {!paid && (
            <button type="button" className="admin-btn admin-btn-success rc-cash" onClick={onCash}>
              Recebi em espécie
            </button>
          )}
          {showContacts && p.numero_responsavel && (
            <>
              <a
                className="admin-btn admin-btn-outline"
                href={`tel:+55${p.numero_responsavel}`}
                aria-label={`Ligar para o responsável de ${p.nome_completo}`}
              >
                Ligar
              </a>
              <a
                className="admin-btn admin-btn-outline"
                href={whatsappTo(p.numero_responsavel, message)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`WhatsApp do responsável de ${p.nome_completo}`}
              >
                WhatsApp
              </a>
            </>
          )}
        </div>
      )}
    </li>
  );
}
