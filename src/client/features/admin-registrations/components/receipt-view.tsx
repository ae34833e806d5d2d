import { useEffect, useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import { ApiError, UNKNOWN_ERROR } from "../../../lib/api";
import { receiptContentType, receiptUrl } from "../api/registrations-api";

/** Types every browser draws in an <img>. */
const INLINE = /^image\/(jpeg|png|webp)\b/;

type View =
  | { kind: "checking" }
  | { kind: "image" }
  | { kind: "file"; pdf: boolean }
  | { kind: "error"; message: string };

function OpenLink({ id, children }: { id: string; children: string }) {
  return (
    <a href={receiptUrl(id)} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** The receipt in the details dialog: a photo inline, a PDF (or HEIC) as a link that opens a new tab. */
export function ReceiptView({ registration: r }: { registration: Registration }) {
  const [view, setView] = useState<View>({ kind: "checking" });
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    if (!r.has_receipt) return;
    let live = true;
    setView({ kind: "checking" });
    setBroken(false);
    receiptContentType(r.id).then(
      (type) =>
        live &&
        setView(INLINE.test(type) ? { kind: "image" } : { kind: "file", pdf: type.startsWith("application/pdf") }),
      (e: unknown) => live && setView({ kind: "error", message: e instanceof ApiError ? e.message : UNKNOWN_ERROR }),
    );
    return () => {
      live = false;
    };
    // The path changes when the visitor sends another file; has_receipt is enough to refetch on first upload.
  }, [r.id, r.has_receipt]);

  if (!r.has_receipt) return <p className="admin-receipt-state">Não enviado</p>;
  if (view.kind === "checking") {
    return (
      <span className="admin-receipt-state" role="status">
        <span className="admin-spinner" aria-hidden="true" /> Carregando comprovante...
      </span>
    );
  }
  if (view.kind === "error") {
    return (
      <span className="admin-receipt-state">
        {view.message} <OpenLink id={r.id}>Abrir comprovante</OpenLink>
      </span>
    );
  }
  if (view.kind === "file") {
    return <OpenLink id={r.id}>{view.pdf ? "Abrir comprovante (PDF)" : "Abrir comprovante"}</OpenLink>;
  }
  return (
    <figure className="admin-receipt">
      {broken ? (
        <p className="admin-receipt-state">Não foi possível mostrar a imagem aqui.</p>
      ) : (
        <img src={receiptUrl(r.id)} alt={`Comprovante de ${r.nome_completo}`} onError={() => setBroken(true)} />
      )}
      <figcaption>
        <OpenLink id={r.id}>Abrir em tamanho real</OpenLink>
      </figcaption>
    </figure>
  );
}
