import { lazy, Suspense, useEffect } from "react";
import "../styles/admin-ui.css";
import { RollCallPage } from "../features/boarding/components/roll-call-page";
import { checkSession, useSessionView } from "../lib/admin-session";
import { appConfig } from "../lib/app-config";

// Only for an ended session: kept off the roll call's first download.
const LoginCard = lazy(() => import("../features/admin-auth/login-card").then((m) => ({ default: m.LoginCard })));

/**
 * /admin/embarque: the roll call. With no signal the session cannot be
 * checked, and the page works from what the phone kept; once the network is
 * back the session is asked again, and an expired one shows the login while
 * the queued marks wait on the phone.
 */
export function BoardingRoute() {
  const session = useSessionView();

  useEffect(() => {
    document.title = `Embarque · Caravana ${appConfig().eventTitle}`;
    void checkSession();
    const back = () => void checkSession({ quiet: true });
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, []);

  switch (session.phase) {
    case "anonymous":
      return (
        <>
          <p className="rc-login-note">
            Entre para abrir o embarque. Marcações feitas neste aparelho continuam guardadas.
          </p>
          <Suspense fallback={null}>
            <LoginCard />
          </Suspense>
        </>
      );
    case "check-failed":
      return <RollCallPage serverUnreachable />;
    // While the session is asked, the list is already on its way (a phone on a slow network saves a round trip).
    case "checking":
    case "authenticated":
      return <RollCallPage serverUnreachable={false} />;
  }
}
