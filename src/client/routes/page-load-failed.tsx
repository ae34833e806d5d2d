import type { LoadFailed } from "../lib/lazy-route";
import "./not-found.css";

/**
 * A page whose code could not be downloaded (a weak signal, or a new version swapped the files): said in words,
 * with a retry, instead of an empty screen. Once a retry failed too, the button says it reloads the page.
 */
export const PageLoadFailed: LoadFailed = ({ onRetry, retrying = false, reloads = false }) => (
  <main className="not-found">
    <div className="not-found-card">
      <h1>Não foi possível abrir esta página</h1>
      <p className="not-found-text" role="alert">
        Verifique sua internet e tente de novo.
      </p>
      <button type="button" className="v-btn v-btn-primary" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {retrying ? "Tentando..." : reloads ? "Recarregar a página" : "Tentar novamente"}
      </button>
    </div>
  </main>
);
