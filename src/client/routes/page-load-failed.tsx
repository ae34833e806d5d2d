import "./not-found.css";

/**
 * A page whose code could not be downloaded (a weak signal, or a new version swapped the files): said in words,
 * with a retry that asks for the code again, instead of an empty screen.
 */
export function PageLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="not-found">
      <div className="not-found-card" role="alert">
        <h1>Não foi possível abrir esta página</h1>
        <p className="not-found-text">A conexão falhou. Verifique sua internet e tente de novo.</p>
        <button type="button" className="v-btn v-btn-primary" onClick={onRetry}>
          Tentar novamente
        </button>
      </div>
    </main>
  );
}
