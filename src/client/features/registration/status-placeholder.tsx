/** While the form status loads: spinner and text, announced politely. */
export function LoadingState() {
  return (
    <div className="signup-loading" role="status">
      <span className="v-spinner" aria-hidden="true" />
      <p>Carregando...</p>
    </div>
  );
}

/** The first status request failed and nothing came over the live stream either. */
export function LoadErrorState({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="signup-card signup-load-error" role="alert">
      <p>Não foi possível carregar o formulário. Verifique sua conexão com a internet.</p>
      <button type="button" className="v-btn v-btn-primary" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  );
}
