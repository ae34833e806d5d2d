import { lazy, type ReactNode, Suspense } from "react";
import { Toaster } from "./components/toast";
import { usePathname } from "./lib/router";
import { NotFoundRoute } from "./routes/not-found";
import { RegisterRoute } from "./routes/register";
import { ThanksRoute } from "./routes/thanks";

// The panel is its own chunk: a visitor's first load never downloads it.
const AdminRoute = lazy(() => import("./routes/admin").then((m) => ({ default: m.AdminRoute })));

export function App() {
  const path = usePathname();
  let page: ReactNode;
  switch (path) {
    case "/":
      page = <RegisterRoute />;
      break;
    case "/obrigado":
      page = <ThanksRoute />;
      break;
    case "/admin":
      page = (
        <Suspense
          fallback={
            <main className="route-loading" role="status">
              Verificando autenticação...
            </main>
          }
        >
          <AdminRoute />
        </Suspense>
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
