import { useCallback, useEffect, useState } from "react";
// First, so the features' own rules can refine these shared building blocks.
import "../styles/admin-ui.css";
import "../styles/admin-layout.css";
import { SessionCheckFailed, SessionChecking } from "../components/session-checking";
import { checkSession, logout, type SessionView, useSessionView } from "../lib/admin-session";
import { appConfig } from "../lib/app-config";
import { LoginCard } from "../features/admin-auth/login-card";
import { DashboardHeader } from "../features/admin-dashboard/dashboard-header";
import { FormStatusCard } from "../features/admin-dashboard/form-status-card";
import { StatsSection } from "../features/admin-dashboard/stats-section";
import { useAdminFormStatus } from "../features/admin-dashboard/use-admin-form-status";
import { useLiveEvents } from "../features/admin-dashboard/use-live-events";
import { useStats } from "../features/admin-dashboard/use-stats";
import { BusesCard } from "../features/admin-buses/buses-card";
import { useSeatOverview } from "../features/admin-buses/use-seat-overview";
import { announcePromotions } from "../features/admin-registrations/utils/announce-promotions";
import { RegistrationsList } from "../features/admin-registrations/components/registrations-list";
import { OwnPasswordDialog } from "../features/admin-team/own-password-dialog";
import type { SessionUser } from "../../shared/team";

/** /admin: asks the server who we are, then shows the login or the dashboard. */
export function AdminRoute() {
  const session = useSessionView();

  useEffect(() => {
    document.title = `Painel Administrativo · Caravana ${appConfig().eventTitle}`;
    void checkSession();
  }, []);

  return <AdminScreen session={session} />;
}

function AdminScreen({ session }: { session: SessionView }) {
  switch (session.phase) {
    case "checking":
      return <SessionChecking />;
    case "check-failed":
      return <SessionCheckFailed message={session.message} onRetry={() => void checkSession()} />;
    case "anonymous":
      return <LoginCard />;
    case "authenticated":
      return <Dashboard devMode={session.devMode} user={session.user} />;
  }
}

function Dashboard({ devMode, user }: { devMode: boolean; user: SessionUser | null }) {
  const [version, setVersion] = useState(0);
  const [changingPassword, setChangingPassword] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const { stats, loadedAt, loading } = useStats(version);
  const formStatus = useAdminFormStatus();
  const overview = useSeatOverview(version);

  useLiveEvents({
    onRegistrationsChanged: refresh,
    onFormStatus: formStatus.apply,
    onPromoted: (ids) => void announcePromotions(ids),
    onBusesChanged: refresh,
    onResync: () => {
      refresh();
      void formStatus.reload();
    },
  });

  return (
    <div className="admin-page">
      <DashboardHeader
        devMode={devMode}
        user={user}
        onChangePassword={user && !user.principal ? () => setChangingPassword(true) : undefined}
        total={stats?.total ?? null}
        updatedAt={loadedAt}
        refreshing={loading}
        onRefresh={() => {
          refresh();
          void formStatus.reload();
        }}
        loggingOut={loggingOut}
        onLogout={() => {
          setLoggingOut(true);
          void logout();
        }}
      />
      <main className="admin-main">
        <FormStatusCard status={formStatus.status} onSaved={formStatus.apply} />
        <StatsSection stats={stats} seats={overview} loading={loading} onRefresh={refresh} />
        {user?.papel !== "equipe" && <BusesCard overview={overview} onChanged={refresh} />}
        <RegistrationsList version={version} overview={overview} onChanged={refresh} />
      </main>
      {changingPassword && <OwnPasswordDialog onClose={() => setChangingPassword(false)} />}
    </div>
  );
}
