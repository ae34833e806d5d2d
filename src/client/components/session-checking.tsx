/** While GET /api/session is asked, on every admin page. */
export function SessionChecking() {
  return (
    <main className="admin-status-screen" role="status">
      <span className="admin-spinner" aria-hidden="true" />
      <p>Verificando autenticação...</p>
    </main>
  );
}

/** GET /api/session failed (no network, a server error): say so, and let the person ask again. */
export function SessionCheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <main className="admin-status-screen">
      <p role="alert">Não foi possível verificar a autenticação. {message}</p>
      <button type="button" className="admin-btn admin-btn-primary" onClick={onRetry}>
        Tentar novamente
      </button>
    </main>
  );
}
