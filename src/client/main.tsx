import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { preloadPage } from "./routes/pages";
import "./styles/base.css";

// The page's own chunk first (the server already asked for it with the HTML): its first render then shows it,
// without a fallback that React would keep for 300 ms (lib/lazy-route.ts).
void preloadPage(window.location.pathname).then(() =>
  // A transition lets React build the first screen in slices instead of one
  // long task, which on a slow phone blocked taps (decision 015).
  startTransition(() => {
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
