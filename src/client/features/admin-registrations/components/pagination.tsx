/** Page numbers to show: first, last and the neighbours of the current page, with gaps between. */
export function pageWindow(page: number, count: number): (number | "gap")[] {
  const shown = new Set([1, count, page - 1, page, page + 1].filter((n) => n >= 1 && n <= count));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) out.push(n - sorted[i - 1] === 2 ? n - 1 : "gap");
    out.push(n);
  });
  return out;
}

interface Props {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export function Pagination({ page, pageCount, onPage }: Props) {
  if (pageCount <= 1) return null;
  return (
    <nav className="reg-pager" aria-label="Paginação">
      <button
        type="button"
        className="admin-btn admin-btn-outline reg-pager-prev"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
      >
        <span aria-hidden="true">‹</span> Anterior
      </button>
      <ol className="reg-pager-pages">
        {pageWindow(page, pageCount).map((n, i) =>
          n === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap is told apart only by where it stands.
            <li key={`gap-${i}`} className="reg-pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className={`admin-btn reg-pager-page ${n === page ? "admin-btn-primary" : "admin-btn-outline"}`}
                aria-label={`Página ${n}`}
                aria-current={n === page ? "page" : undefined}
                onClick={() => onPage(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className="admin-btn admin-btn-outline reg-pager-next"
        onClick={() => onPage(page + 1)}
        disabled={page >= pageCount}
      >
        Próxima <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
