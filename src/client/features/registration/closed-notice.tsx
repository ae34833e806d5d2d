import { ofGroup } from "../../../shared/group-name";
import { closedFormText } from "../../../shared/whatsapp-texts";
import { useAppConfig } from "../../lib/app-config";
import { coordinationWhatsappLink } from "../../lib/coordination-whatsapp";
import { MyRegistrationLink } from "./my-registration-link";

/**
 * Shown instead of the form while registrations are closed; `soon`: a new
 * edition whose form was never opened, so nothing has closed yet. With the
 * coordination's WhatsApp set, someone who arrives late can still ask.
 */
export function ClosedNotice({ soon = false, whatsappSet = false }: { soon?: boolean; whatsappSet?: boolean }) {
  const config = useAppConfig();
  const { eventTitle, groupName } = config;
  return (
    <section className="signup-card closed-card intro-step" aria-labelledby="closed-title">
      <span className="closed-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="36" height="36" focusable="false" aria-hidden="true">
          <path
            d="M12 2a5 5 0 0 0-5 5v3H5v12h14V10h-2V7a5 5 0 0 0-5-5zm-3 5a3 3 0 1 1 6 0v3H9zm3 6a2 2 0 0 1 1 3.7V19h-2v-2.3A2 2 0 0 1 12 13z"
            fill="currentColor"
          />
        </svg>
      </span>
      <h2 id="closed-title" className="signup-title">
        {soon ? "Inscrições em breve" : "Inscrições Encerradas"}
      </h2>
      <p>
        {soon
          ? `As inscrições para a caravana da ${eventTitle} abrem em breve.`
          : `As inscrições para a caravana da ${eventTitle} estão encerradas no momento.`}
      </p>
      {/* Not while the number is a first start's sample: the message would reach nobody. */}
      {whatsappSet && (
        <a
          className="v-btn v-btn-outline"
          href={coordinationWhatsappLink(closedFormText(config, soon))}
          target="_blank"
          rel="noopener noreferrer"
        >
          Falar com a coordenação pelo WhatsApp
        </a>
      )}
      <p>Acompanhe nossas redes sociais para ficar por dentro das novidades {ofGroup(groupName)}!</p>
      <MyRegistrationLink />
    </section>
  );
}
