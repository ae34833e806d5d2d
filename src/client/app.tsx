import { Toaster } from "./components/toast";
import { usePathname } from "./lib/router";
import { NotFoundRoute } from "./routes/not-found";

export function App() {
  const path = usePathname();
  let page;
  switch (path) {
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
