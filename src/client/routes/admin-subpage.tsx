import { type ReactNode, useEffect } from "react";
import "../styles/admin-ui.css";
import "../styles/admin-layout.css";
import { SessionCheckFailed, SessionChecking } from "../components/session-checking";
import { LoginCard } from "../features/admin-auth/login-card";
import { checkSession, useSessionUser, useSessionView } from "../lib/admin-session";
import { appConfig } from "../lib/app-config";
import { Link } from "../lib/router";

/**
 * A page of the panel other than the dashboard: the login when needed, then a
 * header with the way back and who is logged in. `coordinationOnly` pages say
 * so to Equipe instead of showing controls the server would refuse.
 */
export function AdminSubpage({
  title,
  coordinationOnly = false,
  children,
}: {
  title: string;
  coordinationOnly?: boolean;
  children: ReactNode;
}) {
  const session = useSessionView();
  const user = useSessionUser();

  useEffect(() => {
    document.title = `${title} · Caravana ${appConfig().eventTitle}`;
    void checkSession();
  }, [title]);

  if (session.phase === "checking") return <SessionChecking />;
  if (session.phase === "anonymous") return <LoginCard />;
  if (session.phase === "check-failed") {
    return <SessionCheckFailed message={session.message} onRetry={() => void checkSession()} />;
  }
  return (
    <div className="admin-page">
      <header className="admin-header">
        <div className="admin-header-inner">
          <div className="admin-header-text">
            <h1>{title}</h1>
            {user && (
              <p className="admin-header-meta">
                <span>Conectado como {user.nome}</span>
              </p>
            )}
          </div>
          <div className="admin-header-actions">
            <Link href="/admin" className="admin-btn admin-btn-outline">
              Voltar ao painel
            </Link>
          </div>
        </div>
      </header>
      <main className="admin-main">
        {coordinationOnly && user?.papel === "equipe" ? (
          <p className="admin-card" role="alert">
            Esta página é da Coordenação.
          </p>
        ) : (
          children
        )}
      </main>
    </div>
  );
}
