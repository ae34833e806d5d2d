import { useEffect } from "react";
import "../styles/admin-ui.css";
import { SessionChecking } from "../components/session-checking";
import { LoginCard } from "../features/admin-auth/login-card";
import { registerRollCallWorker } from "../features/boarding/register-worker";
import { RollCallPage } from "../features/boarding/roll-call-page";
import { checkSession, useSessionView } from "../lib/admin-session";
import { appConfig } from "../lib/app-config";

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
    registerRollCallWorker();
    void checkSession();
    const back = () => void checkSession({ quiet: true });
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, []);

  switch (session.phase) {
    case "checking":
      return <SessionChecking />;
    case "anonymous":
      return (
        <>
          <p className="rc-login-note">
            Entre para abrir o embarque. Marcações feitas neste aparelho continuam guardadas.
          </p>
          <LoginCard />
        </>
      );
    case "check-failed":
      return <RollCallPage sessionUnchecked />;
    case "authenticated":
      return <RollCallPage sessionUnchecked={false} />;
  }
}
