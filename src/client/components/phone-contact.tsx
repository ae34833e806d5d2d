import { DEFAULT_MESSAGE_TEXTS, MESSAGE_TEXT_KEYS } from "../../shared/messages";
import { maskPhone } from "../../shared/phone";
import "./phone-contact.css";

/**
 * A registration's phone number that opens WhatsApp, with one of the saved
 * texts filled in for that person, or calls. The WhatsApp links go through
 * the server, which fills the text (with a new personal link) and honours a
 * family that asked for no messages.
 */
export function PhoneContact({ registrationId, phone }: { registrationId: string; phone: string | null }) {
  if (!phone) return <>—</>;
  const shown = maskPhone(phone);
  const whatsapp = (texto?: string) =>
    `/api/mensagens/inscricao/${registrationId}/whatsapp${texto ? `?texto=${texto}` : ""}`;
  return (
    <details className="phone-contact">
      <summary aria-label={`${shown}: ligar ou enviar WhatsApp`}>{shown}</summary>
      <ul className="phone-contact-menu">
        <li>
          <a href={`tel:+55${phone}`}>Ligar</a>
        </li>
        <li>
          <a href={whatsapp()} target="_blank" rel="noopener">
            WhatsApp (sem texto)
          </a>
        </li>
        {MESSAGE_TEXT_KEYS.map((k) => (
          <li key={k}>
            <a href={whatsapp(k)} target="_blank" rel="noopener">
              WhatsApp: {DEFAULT_MESSAGE_TEXTS[k].titulo}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
