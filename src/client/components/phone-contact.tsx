import { useState } from "react";
import { DEFAULT_MESSAGE_TEXTS, MESSAGE_TEXT_KEYS } from "../../shared/messages";
import { maskPhone, whatsappChat } from "../../shared/phone";
import "./phone-contact.css";

/**
 * A registration's phone number that calls, opens a WhatsApp chat, or (for
 * Coordenação) opens WhatsApp with one of the saved texts filled in for that
 * person: those go through the server, which fills the text (with a new
 * personal link) and honours a family that asked for no messages.
 */
export function PhoneContact({
  registrationId,
  phone,
  withTexts,
}: {
  registrationId: string;
  phone: string | null;
  /** The saved texts (Coordenação: a text's personal link opens the health notes). */
  withTexts: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (!phone) return <>—</>;
  const shown = maskPhone(phone);
  const whatsapp = (texto: string) => `/api/mensagens/inscricao/${registrationId}/whatsapp?texto=${texto}`;
  return (
    <details className="phone-contact" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary aria-label={`${shown}: ligar ou enviar WhatsApp`}>{shown}</summary>
      {/* Drawn only while open: a list has a menu per card. */}
      {open && (
        <ul className="phone-contact-menu">
          <li>
            <a href={`tel:+55${phone}`}>Ligar para {shown}</a>
          </li>
          <li>
            <a href={whatsappChat(phone)} target="_blank" rel="noopener noreferrer">
              Abrir conversa no WhatsApp
            </a>
          </li>
          {withTexts &&
            MESSAGE_TEXT_KEYS.map((k) => (
              <li key={k}>
                <a href={whatsapp(k)} target="_blank" rel="noopener">
                  WhatsApp com texto: {DEFAULT_MESSAGE_TEXTS[k].titulo}
                </a>
              </li>
            ))}
        </ul>
      )}
    </details>
  );
}
