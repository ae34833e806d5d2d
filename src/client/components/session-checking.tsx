/** While GET /api/session is asked, on every admin page. */
export function SessionChecking() {
  return (
    <main className="admin-status-screen" role="status">
      <span className="admin-spinner" aria-hidden="true" />
      <p>Verificando autenticação...</p>
    </main>
  );
}
