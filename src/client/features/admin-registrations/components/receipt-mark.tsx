import type { Registration } from "../../../../shared/api-types";

/** Small mark in the list for a registration whose receipt was uploaded. */
export function ReceiptMark({ registration: r }: { registration: Registration }) {
  if (!r.has_receipt) return null;
  return (
    <span className="reg-receipt" role="img" aria-label="Comprovante enviado" title="Comprovante enviado">
      <svg
        viewBox="0 0 24 24"
        width="14"
        height="14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l8-8" />
      </svg>
      Comprovante
    </span>
  );
}

/** The PIX reference (e.g. JDJ7K3Q) under the payment method; registrations from before references have none. */
export function ReferenceCode({ registration: r }: { registration: Registration }) {
  if (!r.referencia) return null;
  return (
    <span className="reg-ref">
      <span className="admin-visually-hidden">Referência </span>
      {r.referencia}
    </span>
  );
}
