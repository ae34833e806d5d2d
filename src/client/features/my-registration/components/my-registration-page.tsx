import { type ReactNode, useEffect } from "react";
import type { HeldRegistration } from "../../../lib/held-registrations";
import type { MyRegistration } from "../../../../shared/my-registration";
import { useAppConfig } from "../../../lib/app-config";
import { Link } from "../../../lib/router";
import { type HeldState, useHeldRegistrations } from "../hooks/use-held-registrations";
import { FindRegistrationForm } from "./find-registration-form";
import { type CardSlots, RegistrationCard } from "./registration-card";
import "./my-registration.css";

function OtherState({ state, name, onForget }: { state: HeldState; name: string; onForget: () => void }) {
  const { eventTitle } = useAppConfig();
  if (state.kind === "loading") return <p role="status">Carregando a inscrição de {name}...</p>;
  if (state.kind === "ready") return null;
  return (
    <article className="my-card my-card-muted" aria-label={`Inscrição de ${name}`}>
      <h2 className="my-card-name">{name || "Inscrição"}</h2>
      {state.kind === "closed" ? (
        <>
          <p className="my-state">Esta inscrição era da {state.edition}, que já foi encerrada.</p>
          <Link className="v-btn v-btn-primary" href="/">
            Fazer inscrição para a {eventTitle}
          </Link>
        </>
      ) : (
        <p className="my-state" role="alert">
          {state.message}
        </p>
      )}
      {state.kind !== "offline" && (
        <button type="button" className="v-btn v-btn-outline" onClick={onForget}>
          Tirar deste celular
        </button>
      )}
    </article>
  );
}

/**
 * "Minha inscrição": every registration this phone holds, kept current by the
 * live stream, and the lookup for another phone. A personal link's secret
 * arrives after "#", is kept on this phone, and is taken out of the address.
 */
export function MyRegistrationPage({
  slots,
  notices,
  onRegisterAnother,
}: {
  slots: CardSlots;
  /** "Avisos neste celular", for every registration this phone holds (the route brings it from its feature). */
  notices: (held: HeldRegistration[]) => ReactNode;
  onRegisterAnother: (view: MyRegistration) => void;
}) {
  const { held, states, add, forget, show } = useHeldRegistrations();
  const { eventTitle } = useAppConfig();

  useEffect(() => {
    document.title = `Minha inscrição · ${eventTitle}`;
  }, [eventTitle]);

  return (
    <main className="visitor-main my-reg">
      <div className="thanks-card my-reg-card">
        <h1 className="thanks-title">Minha inscrição</h1>
        {held.length === 0 ? (
          <p className="my-help">Este celular ainda não tem inscrição guardada. Para ver a sua, preencha abaixo.</p>
        ) : (
          <p className="my-help">
            {held.length === 1
              ? "Esta é a inscrição guardada neste celular."
              : `Estas são as ${held.length} inscrições guardadas neste celular.`}{" "}
            As informações se atualizam sozinhas.
          </p>
        )}
        {held.length > 0 && notices(held)}
        {held.map((h) => {
          const state = states[h.id] ?? { kind: "loading" };
          return state.kind === "ready" ? (
            <RegistrationCard
              key={h.id}
              view={state.view}
              token={h.token}
              slots={slots}
              onChanged={show}
              onRegisterAnother={onRegisterAnother}
            />
          ) : (
            <OtherState key={h.id} state={state} name={h.nome_completo} onForget={() => forget(h.id)} />
          );
        })}
        <FindRegistrationForm onFound={add} />
        <p className="my-back">
          <Link href="/">Ir para o formulário de inscrição</Link>
        </p>
      </div>
    </main>
  );
}
