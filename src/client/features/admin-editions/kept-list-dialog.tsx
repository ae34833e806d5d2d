import { useEffect, useRef, useState } from "react";
import type { ArchivedRegistration, PastEdition } from "../../../shared/editions";
import { ModalDialog } from "../../components/modal-dialog";
import { reportAdminError } from "../../lib/admin-session";
import { keptExportUrl, keptRegistrations } from "./editions-api";

const PLACE: Record<ArchivedRegistration["situacao"], string> = {
  vaga: "Com vaga",
  espera: "Lista de espera",
  desistente: "Desistiu",
  vencida: "Vaga vencida",
};

/** Last year's list, read-only while its days run, with its sheet. */
export function KeptListDialog({ edition, onClose }: { edition: PastEdition; onClose: () => void }) {
  const [rows, setRows] = useState<ArchivedRegistration[] | null>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    keptRegistrations(edition.id).then(setRows, (e) => {
      reportAdminError("Erro ao abrir a lista", e);
      close.current();
    });
  }, [edition.id]);

  return (
    <ModalDialog
      title={`Inscrições de ${edition.nome}`}
      onClose={onClose}
      closeOnBackdrop
      className="edition-list-dialog"
    >
      <p className="edition-note">Só leitura. Nada aqui pode ser alterado.</p>
      <div className="edition-list-actions">
        <a className="admin-btn admin-btn-outline" href={keptExportUrl(edition.id, "xlsx")} download>
          Baixar planilha (.xlsx)
        </a>
        <a className="admin-btn admin-btn-outline" href={keptExportUrl(edition.id, "csv")} download>
          Baixar CSV
        </a>
      </div>
      {rows === null ? (
        <p role="status">
          <span className="admin-spinner" aria-hidden="true" /> Carregando…
        </p>
      ) : (
        <ul className="edition-list" aria-label={`Inscrições de ${edition.nome}`}>
          {rows.map((r) => (
            <li key={r.id}>
              <strong>{r.nome_completo}</strong>
              <span>
                {r.idade} anos · {r.situacao === "vaga" && r.onibus_nome ? r.onibus_nome : PLACE[r.situacao]} ·{" "}
                {r.metodo_pagamento === "PIX" ? "PIX" : "Espécie"}{" "}
                {r.status_pagamento === "confirmado" ? "pago" : "pendente"}
                {r.referencia ? ` · ${r.referencia}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}
