import { useId } from "react";
import { type NoticeHolder, usePushNotices } from "../hooks/use-push-notices";
import "./push-notices.css";

/** What the page says where notices cannot be turned on here, with what to do. */
const CANNOT: Record<"blocked" | "iphone" | "unsupported", string> = {
  iphone:
    "No iPhone, os avisos só funcionam com o site salvo na Tela de Início: toque em Compartilhar › “Adicionar à Tela de Início”, abra pelo novo ícone e toque em “Receber avisos neste celular”.",
  unsupported: "Este navegador não mostra avisos. No Android, abra esta página no Chrome para recebê-los.",
  blocked:
    "Os avisos deste site estão bloqueados neste navegador. Libere no ícone à esquerda do endereço › Permissões › Notificações e volte aqui.",
};

/**
 * "Avisos neste celular": on "Minha inscrição" a section of its own; on the
 * thank-you page (`offer`), the question right after sign-up.
 */
export function PushNotices({ held, offer }: { held: NoticeHolder[]; offer?: string }) {
  const id = useId();
  const { state, error, turnOn, turnOff } = usePushNotices(held);
  const on = state === "on" || state === "turningOff";
  // While the browser is asked for a subscription (a moment, on a phone that gave the permission), the section
  // already holds its place: shown only afterwards, it pushed the page down under a finger about to tap.
  const offered = state === "off" || state === "turningOn" || state === "checking";
  return (
    <section
      className={`push-notices${offer ? " push-notices-offer" : ""}`}
      aria-labelledby={`${id}-title`}
      aria-busy={state === "checking"}
    >
      <h2 id={`${id}-title`} className="push-notices-title">
        Avisos neste celular
      </h2>
      <p className="push-notices-text" role="status">
        {state === "iphone" || state === "unsupported" || state === "blocked"
          ? CANNOT[state]
          : on
            ? "Avisos ativados. Este celular vai avisar quando o pagamento for confirmado, quando sair uma vaga, perto do prazo e quando a coordenação mandar mensagem."
            : (offer ??
              "Receba aqui, sem abrir o WhatsApp, quando o pagamento for confirmado, quando sair uma vaga, perto do prazo e as mensagens da coordenação.")}
      </p>
      {offered && (
        <button
          type="button"
          className="v-btn v-btn-primary"
          disabled={state !== "off"}
          aria-busy={state === "turningOn"}
          onClick={() => void turnOn()}
        >
          {state === "turningOn" ? "Ligando…" : "Receber avisos neste celular"}
        </button>
      )}
      {on && (
        <button
          type="button"
          className="v-btn v-btn-outline"
          disabled={state === "turningOff"}
          aria-busy={state === "turningOff"}
          onClick={() => void turnOff()}
        >
          {state === "turningOff" ? "Parando…" : "Parar avisos"}
        </button>
      )}
      {error && (
        <p className="v-field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
