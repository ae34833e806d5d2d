import { type ComponentType, lazy, Suspense } from "react";
import { maskPhone } from "../../shared/phone";
import { DecorBackground } from "../features/decor/decor-background";
import { SiteFooter } from "../features/event-header/site-footer";
import { MyRegistrationPage } from "../features/my-registration/components/my-registration-page";
import { ReceiptUpload } from "../features/receipt-upload/receipt-upload";
import { startDraftFor } from "../features/registration/form-draft";
import type { BoardingPassProps } from "../features/thanks/boarding-pass";
import { PayerNameForm } from "../features/thanks/payer-name-form";
import { PushNotices } from "../features/push-notices/components/push-notices";
import { appConfig } from "../lib/app-config";
import { navigate } from "../lib/router";
import { dayIn } from "../../shared/dates";
import "../features/registration/registration.css";
import "../features/thanks/thanks.css";
// The question before "Desistir" is the shared dialog, styled with the panel's buttons.
import "../styles/admin-ui.css";

// Drawn only on the event's day, so its QR code stays out of the page's load.
const BoardingPass = lazy<ComponentType<BoardingPassProps>>(() =>
  import("../features/thanks/boarding-pass")
    .then((m) => ({ default: m.BoardingPass }))
    .catch((err: unknown) => {
      console.error("Erro ao carregar o cartão de embarque", err);
      return { default: () => null };
    }),
);

/** /minha-inscricao: every registration this phone holds (features/my-registration). */
export function MyRegistrationRoute() {
  return (
    <div className="visitor-page" data-intro="play">
      <DecorBackground />
      <MyRegistrationPage
        slots={{
          receipt: (view, token) => (
            <ReceiptUpload
              registrationId={view.id}
              uploadToken={token}
              label={`Comprovante do PIX de ${view.nome_completo}`}
            />
          ),
          payer: (id, token, initial) => (
            <PayerNameForm registrationId={id} uploadToken={token} initial={initial ?? undefined} />
          ),
          pass: (view) =>
            view.dia_do_evento && view.dia_do_evento === dayIn(new Date(), appConfig().timeZone) ? (
              <Suspense fallback={null}>
                <BoardingPass reference={view.referencia} name={view.nome_completo} busName={view.onibus_nome} />
              </Suspense>
            ) : null,
        }}
        notices={(held) => <PushNotices held={held} />}
        onRegisterAnother={(view) => {
          startDraftFor({
            numero_responsavel: maskPhone(view.numero_responsavel),
            responsavel_nome: view.responsavel_nome,
          });
          navigate("/");
        }}
      />
      <SiteFooter />
    </div>
  );
}
