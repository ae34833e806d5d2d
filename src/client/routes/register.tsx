import { useEffect, useRef, useState } from "react";
import { TIMINGS } from "../../shared/constants";
import { DecorBackground } from "../features/decor/decor-background";
import { EventHeader } from "../features/event-header/event-header";
import { SiteFooter } from "../features/event-header/site-footer";
import { ClosedNotice } from "../features/registration/closed-notice";
import { RegistrationForm } from "../features/registration/registration-form";
import { LoadErrorState, LoadingState } from "../features/registration/status-placeholder";
import { SuccessOverlay } from "../features/registration/success-overlay";
import { useVisitorFormStatus } from "../features/registration/use-visitor-form-status";
import { doorsOpenedToday, rememberDoorsOpened } from "../features/splash/doors-memory";
import { SplashScreen } from "../features/splash/splash-screen";
import { appConfig } from "../lib/app-config";
import { navigate } from "../lib/router";
import { VISITOR_PAGES } from "./pages";
import "../features/registration/registration.css";

type SplashState = "shown" | "opening" | "hiding" | "done";

// Once per page load (coming back from /obrigado inside the app skips the doors), and once a day per phone.
let splashSeen = false;

export function RegisterRoute() {
  const status = useVisitorFormStatus();
  const [splash, setSplash] = useState<SplashState>(() =>
    splashSeen || doorsOpenedToday(appConfig().timeZone) ? "done" : "shown",
  );
  const [succeeded, setSucceeded] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  useEffect(() => {
    // The splash button held focus; hand it to the page it reveals, unless a field already took it.
    const held = document.activeElement;
    if (splash === "opening" && (held === null || held === document.body || held.closest(".splash"))) {
      mainRef.current?.focus({ preventScroll: true });
    }
  }, [splash]);

  // From the tap, the page takes taps and keys: a person who types at once loses nothing.
  const onSplashOpen = () => {
    splashSeen = true;
    rememberDoorsOpened(appConfig().timeZone);
    setSplash("opening");
  };

  const onSuccessShown = () => {
    redirectTimer.current = setTimeout(() => navigate("/obrigado"), TIMINGS.navigateAfterSuccess);
  };

  return (
    <>
      <div className="visitor-page" inert={splash === "shown"} data-intro={splash === "shown" ? "wait" : "play"}>
        <DecorBackground />
        {/* From the first frame: mounted only once the form status arrived, it pushed
            the form 343 px down (Lighthouse CLS 1.0 on a phone; bench/lighthouse.ts). */}
        <EventHeader />
        <main id="conteudo" ref={mainRef} tabIndex={-1} className="visitor-main">
          {status.phase === "loading" && <LoadingState />}
          {status.phase === "error" && <LoadErrorState onRetry={status.retry} />}
          {status.phase === "ready" && (
            <>
              <RegistrationForm
                hidden={!status.isOpen}
                seats={status.seats}
                onSuccess={() => {
                  // The thank-you page's code arrives during the animation, not after it.
                  void VISITOR_PAGES["/obrigado"].preload();
                  setSucceeded(true);
                }}
              />
              {!status.isOpen && <ClosedNotice soon={status.soon} whatsappSet={status.whatsappSet} />}
            </>
          )}
        </main>
        <SiteFooter />
      </div>
      {succeeded && <SuccessOverlay onDone={onSuccessShown} />}
      {splash !== "done" && (
        <SplashScreen onOpen={onSplashOpen} onHide={() => setSplash("hiding")} onComplete={() => setSplash("done")} />
      )}
    </>
  );
}
