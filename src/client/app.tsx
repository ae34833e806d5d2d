import { lazy, type ReactNode, Suspense } from "react";
import { Toaster } from "./components/toaster";
import { usePathname } from "./lib/router";
import { NotFoundRoute } from "./routes/not-found";
import { RegisterRoute } from "./routes/register";

// The panel is its own chunk: a visitor's first load never downloads it.
const AdminRoute = lazy(() => import("./routes/admin").then((m) => ({ default: m.AdminRoute })));
// Fetched while the success animation plays (routes/register.tsx), so /obrigado still opens at once.
const ThanksRoute = lazy(() => import("./routes/thanks").then((m) => ({ default: m.ThanksRoute })));
const MyRegistrationRoute = lazy(() =>
  import("./routes/my-registration").then((m) => ({ default: m.MyRegistrationRoute })),
);
const BoardingRoute = lazy(() => import("./routes/boarding").then((m) => ({ default: m.BoardingRoute })));
const ActivityRoute = lazy(() => import("./routes/activity").then((m) => ({ default: m.ActivityRoute })));
const SettingsRoute = lazy(() => import("./routes/settings").then((m) => ({ default: m.SettingsRoute })));
const FinanceRoute = lazy(() => import("./routes/finance").then((m) => ({ default: m.FinanceRoute })));
const FinanceAccountsRoute = lazy(() =>
  import("./routes/finance-accounts").then((m) => ({ default: m.FinanceAccountsRoute })),
);
const ThanksAuthorizationRoute = lazy(() =>
  import("./routes/thanks-authorization").then((m) => ({ default: m.ThanksAuthorizationRoute })),
);
const AuthorizationsRoute = lazy(() =>
  import("./routes/authorizations").then((m) => ({ default: m.AuthorizationsRoute })),
);
const EditionsRoute = lazy(() => import("./routes/editions").then((m) => ({ default: m.EditionsRoute })));
const MessagesRoute = lazy(() => import("./routes/messages").then((m) => ({ default: m.MessagesRoute })));
const TeamRoute = lazy(() => import("./routes/team").then((m) => ({ default: m.TeamRoute })));
const BoardingPrintRoute = lazy(() =>
  import("./routes/boarding-print").then((m) => ({ default: m.BoardingPrintRoute })),
);

function AdminPage({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <main className="route-loading" role="status">
          Verificando autenticação...
        </main>
      }
    >
      {children}
    </Suspense>
  );
}

export function App() {
  const path = usePathname();
  let page: ReactNode;
  switch (path) {
    case "/":
      page = <RegisterRoute />;
      break;
    case "/obrigado":
      page = (
        <Suspense fallback={null}>
          <ThanksRoute />
        </Suspense>
      );
      break;
    case "/minha-inscricao":
      page = (
        <Suspense fallback={null}>
          <MyRegistrationRoute />
        </Suspense>
      );
      break;
    case "/obrigado/autorizacao":
      page = (
        <Suspense fallback={null}>
          <ThanksAuthorizationRoute />
        </Suspense>
      );
      break;
    case "/admin/autorizacoes":
      page = (
        <AdminPage>
          <AuthorizationsRoute />
        </AdminPage>
      );
      break;
    case "/admin":
      page = (
        <AdminPage>
          <AdminRoute />
        </AdminPage>
      );
      break;
    case "/admin/embarque":
      page = (
        <AdminPage>
          <BoardingRoute />
        </AdminPage>
      );
      break;
    case "/admin/embarque/imprimir":
      page = (
        <AdminPage>
          <BoardingPrintRoute />
        </AdminPage>
      );
      break;
    case "/admin/equipe":
      page = (
        <AdminPage>
          <TeamRoute />
        </AdminPage>
      );
      break;
    case "/admin/atividade":
      page = (
        <AdminPage>
          <ActivityRoute />
        </AdminPage>
      );
      break;
    case "/admin/financeiro":
      page = (
        <AdminPage>
          <FinanceRoute />
        </AdminPage>
      );
      break;
    case "/admin/financeiro/contas":
      page = (
        <AdminPage>
          <FinanceAccountsRoute />
        </AdminPage>
      );
      break;
    case "/admin/edicoes":
      page = (
        <AdminPage>
          <EditionsRoute />
        </AdminPage>
      );
      break;
    case "/admin/mensagens":
      page = (
        <AdminPage>
          <MessagesRoute />
        </AdminPage>
      );
      break;
    case "/admin/configuracoes":
      page = (
        <AdminPage>
          <SettingsRoute />
        </AdminPage>
      );
      break;
    default:
      page = <NotFoundRoute />;
  }
  return (
    <>
      {page}
      <Toaster />
    </>
  );
}
