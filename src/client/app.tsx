import { type ReactNode, Suspense } from "react";
import { Toaster } from "./components/toaster";
import { usePathname } from "./lib/router";
import { NotFoundRoute } from "./routes/not-found";
import { ADMIN_PAGES, VISITOR_PAGES } from "./routes/pages";
import { RegisterRoute } from "./routes/register";

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
  const VisitorPage = VISITOR_PAGES[path];
  const PanelPage = ADMIN_PAGES[path];
  let page: ReactNode;
  if (path === "/") page = <RegisterRoute />;
  else if (VisitorPage)
    page = (
      <Suspense fallback={null}>
        <VisitorPage />
      </Suspense>
    );
  else if (PanelPage)
    page = (
      <AdminPage>
        <PanelPage />
      </AdminPage>
    );
  else page = <NotFoundRoute />;
  return (
    <>
      {page}
      <Toaster />
    </>
  );
}
