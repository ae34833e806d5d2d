/**
 * Marks queued on this phone by someone else, who logged out before they were
 * sent: they wait until the person logged in now agrees to send them.
 */
export function HeldMarksNotice({ held, onSend }: { held: { nome: string; count: number }[]; onSend: () => void }) {
  if (held.length === 0) return null;
  const total = held.reduce((n, h) => n + h.count, 0);
  const who = held.length === 1 ? held[0].nome : held.map((h) => `${h.nome} (${h.count})`).join(", ");
  return (
    <section className="rc-held" aria-label="Marcações de outra pessoa">
      <p>
        {total === 1
          ? `Há 1 marcação feita neste aparelho por ${who}, ainda não enviada. Ela só será enviada se você confirmar, e ficará registrada em seu nome.`
          : `Há ${total} marcações feitas neste aparelho por ${who}, ainda não enviadas. Elas só serão enviadas se você confirmar, e ficarão registradas em seu nome.`}
      </p>
      <button type="button" className="admin-btn admin-btn-primary" onClick={onSend}>
        Enviar em meu nome
      </button>
    </section>
  );
}
