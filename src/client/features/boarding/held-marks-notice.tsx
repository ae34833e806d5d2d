/**
 * Marks queued on this phone by someone else, who logged out before they were
 * sent: they wait until the person logged in now agrees to send them.
 */
export function HeldMarksNotice({ held, onSend }: { held: { nome: string; count: number }[]; onSend: () => void }) {
  if (held.length === 0) return null;
  const who = held.map((h) => `${h.count} de ${h.nome}`).join(", ");
  const total = held.reduce((n, h) => n + h.count, 0);
  return (
    <section className="rc-held" aria-label="Marcações de outra pessoa">
      <p>
        {total === 1 ? "Há 1 marcação feita" : `Há ${total} marcações feitas`} neste aparelho por outra pessoa ({who})
        ainda não {total === 1 ? "enviada" : "enviadas"}. Elas só são enviadas se você confirmar: ficarão registradas em
        seu nome.
      </p>
      <button type="button" className="admin-btn admin-btn-primary" onClick={onSend}>
        Enviar em meu nome
      </button>
    </section>
  );
}
