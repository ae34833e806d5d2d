import { useEffect } from "react";
import "../styles/admin-ui.css";
import { SessionChecking } from "../components/session-checking";
import { LoginCard } from "../features/admin-auth/login-card";
import { LeaderSheet } from "../features/boarding/components/leader-sheet";
import { PrintSheet } from "../features/boarding/components/print-sheet";
import { checkSession, useSessionView } from "../lib/admin-session";
import { appConfig } from "../lib/app-config";

/** /admin/embarque/imprimir: the lists on paper, for when paper is wanted. */
export function BoardingPrintRoute() {
  const session = useSessionView();
  useEffect(() => {
    document.title = `Lista de embarque · Caravana ${appConfig().eventTitle}`;
    void checkSession();
  }, []);
  if (session.phase === "anonymous") return <LoginCard />;
  if (session.phase === "checking") return <SessionChecking />;
  // The leader's version needs the server (guardians and health notes are never kept on the phone).
  if (new URLSearchParams(window.location.search).get("versao") === "responsavel") return <LeaderSheet />;
  // Signed in, or no signal: the sheet shows what it can (the phone's copy offline).
  return <PrintSheet />;
}
