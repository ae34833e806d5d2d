import { useCallback, useEffect, useId, useState } from "react";
import type { CloseEditionResult, EditionsView, PastEdition } from "../../../shared/editions";
import { brDay } from "../../../shared/dates";
import { dayIn } from "../../../shared/dates";
import { reportAdminError } from "../../lib/admin-session";
import { useAppConfig } from "../../lib/app-config";
import { Link } from "../../lib/router";
import { CloseEditionDialog } from "./close-edition-dialog";
import { listEditions } from "./editions-api";
import { KeptListDialog } from "./kept-list-dialog";
import { PastEditionCard } from "./past-edition-card";
import "./editions.css";
import { plural } from "../../../shared/plural";

/**
 * "Edições": the current edition and its close, then the earlier ones with
 * their totals. `countQueuedMarks` reads this phone's roll call queue (the
 * route passes it in): a close waits until those marks are sent.
 */
export function EditionsPage({ countQueuedMarks }: { countQueuedMarks: () => Promise<number> }) {
  const id = useId();
  const { timeZone } = useAppConfig();
  const [view, setView] = useState<EditionsView | null>(null);
  const [closing, setClosing] = useState<{ queued: number } | null>(null);
  const [opening, setOpening] = useState(false);
  const [closed, setClosed] = useState<CloseEditionResult | null>(null);
  const [listOf, setListOf] = useState<PastEdition | null>(null);

  const load = useCallback(async () => {
    try {
      setView(await listEditions());
    } catch (e) {
      reportAdminError("Erro ao carregar as edições", e);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function openClose() {
    setOpening(true);
    try {
      setClosing({ queued: await countQueuedMarks() });
    } finally {
      setOpening(false);
    }
  }

  if (!view) {
    return (
      <p className="admin-card" role="status">
        <span className="admin-spinner" aria-hidden="true" /> Carregando…
      </p>
    );
  }
  const current = view.atual;
  return (
    <div className="editions">
      {closed && (
        <section className="admin-card edition-done" role="status" aria-labelledby={`${id}-done`}>
          <h2 id={`${id}-done`}>{closed.encerrada.nome} encerrada</h2>
          <p>
            Antes de encerrar, um backup completo foi gravado no servidor, no arquivo{" "}
            <strong className="edition-backup-file">{closed.backup.split(/[\\/]/).pop()}</strong> da pasta de backups.
            Para guardar uma cópia fora do servidor, peça esse arquivo a quem cuida do site; o caminho completo aparece
            em “Atividade”.
          </p>
          <p>
            {closed.atual.nome} começou com o formulário fechado. Revise a data e o valor em{" "}
            <Link href="/admin/configuracoes">Configurações</Link> e abra as inscrições no{" "}
            <Link href="/admin">painel</Link>.
          </p>
        </section>
      )}
      <section className="admin-card" aria-labelledby={`${id}-current`}>
        <h2 id={`${id}-current`}>Edição atual</h2>
        <h3 className="edition-current-name">{current.nome}</h3>
        <p className="edition-meta">
          Data do evento: {current.data} · Aberta em {brDay(dayIn(new Date(current.aberta_em), timeZone))} ·{" "}
          {plural(current.inscricoes, "inscrição", "inscrições")}
        </p>
        <p className="edition-note">
          No fim do evento, encerre a edição: os totais ficam guardados, a lista e o dinheiro recomeçam do zero e a
          próxima edição começa com o formulário fechado.
        </p>
        <button
          type="button"
          className="admin-btn admin-btn-danger"
          onClick={() => void openClose()}
          disabled={opening}
          aria-busy={opening}
        >
          Encerrar edição
        </button>
      </section>
      <section className="admin-card" aria-labelledby={`${id}-past`}>
        <h2 id={`${id}-past`}>Edições anteriores</h2>
        {view.anteriores.length === 0 ? (
          <p className="edition-note">Nenhuma edição encerrada ainda.</p>
        ) : (
          view.anteriores.map((e) => <PastEditionCard key={e.id} edition={e} onOpenList={() => setListOf(e)} />)
        )}
      </section>
      {closing && (
        <CloseEditionDialog
          edition={current}
          queuedMarks={closing.queued}
          onClose={() => setClosing(null)}
          onClosed={(result) => {
            setClosing(null);
            setClosed(result);
            void load();
          }}
        />
      )}
      {listOf && <KeptListDialog edition={listOf} onClose={() => setListOf(null)} />}
    </div>
  );
}
