import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import "./styles/base.css";

// A transition lets React build the first screen in slices instead of one
// long task, which on a slow phone blocked taps (decision 015).
startTransition(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
