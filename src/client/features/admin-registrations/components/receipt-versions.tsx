import { useEffect, useState } from "react";
import { adminApi } from "../../../lib/admin-session";
import { formatDateTime } from "../utils/format";

interface ReceiptVersion {
  id: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
  replaced_at: string;
}

const kb = (n: number) => `${Math.max(1, Math.round(n / 1024))} KB`;

/** Receipts the visitor sent before the current one (kept, up to three), each opening in a new tab. */
export function ReceiptVersions({ registrationId }: { registrationId: string }) {
  const [versions, setVersions] = useState<ReceiptVersion[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    adminApi<ReceiptVersion[]>(`/api/registrations/${encodeURIComponent(registrationId)}/receipts`, {
      cache: "no-store",
    })
      .then((v) => live && setVersions(v))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [registrationId]);

  if (failed) return <p className="admin-field-hint">Não foi possível carregar as versões anteriores.</p>;
  if (!versions || versions.length === 0) return null;
  return (
    <div className="admin-receipt-versions">
      <h4>Versões anteriores</h4>
      <ul>
        {versions.map((v) => (
          <li key={v.id}>
            <a
              href={`/api/registrations/${encodeURIComponent(registrationId)}/receipts/${v.id}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Enviada em {formatDateTime(v.created_at)}
            </a>{" "}
            · {kb(v.size_bytes)} · substituída em {formatDateTime(v.replaced_at)}
          </li>
        ))}
      </ul>
    </div>
  );
}
