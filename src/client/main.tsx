import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import "./styles/base.css";

// A transition lets React build the first screen in slices of a few
// milliseconds instead of one long task: on a slow phone that task blocked
// taps for over 100 ms (Lighthouse Total Blocking Time, bench/lighthouse.ts).
startTransition(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
