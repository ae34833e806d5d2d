import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { boardedLabel, busPassengers, foldName, readPass } from "../../../../shared/boarding";
import { formatPrice } from "../../../../shared/price";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useAppConfig } from "../../../lib/app-config";
import { useIsCoordination, useSessionUser } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { Link } from "../../../lib/router";
import { BusTripPicker, busKey } from "./bus-trip-picker";
import { HeldMarksNotice } from "./held-marks-notice";
import { OwingDialog } from "./owing-dialog";
import { PassengerRow } from "./passenger-row";
import { SyncStatus } from "./sync-status";
import type { PassRead } from "./qr-reader-dialog";
import { registerRollCallWorker } from "../utils/register-worker";
import { type Choice, keepChoice, readChoice } from "../utils/roll-call-choice";
import type { SeenPassenger } from "../utils/roll-call-state";
import { useRollCall } from "../hooks/use-roll-call";
import "./boarding.css";

const QrReaderDialog = lazy(() => import("./qr-reader-dialog").then((m) => ({ default: m.QrReaderDialog })));

// An undo offered in a toast must not outlive the next few taps.
const UNDO_TOAST_MS = 5000;

/** /admin/embarque: one bus, one trip, big rows, works with no signal. */
export function RollCallPage({ serverUnreachable }: { serverUnreachable: boolean }) {
  const rc = useRollCall();
  const hasList = rc.list !== null;
  // Installed once the list is on screen, so its downloads never slow the first one.
  useEffect(() => {
    if (hasList) registerRollCallWorker();
  }, [hasList]);
  const [choice, setChoiceState] = useState(readChoice);
  const [query, setQuery] = useState("");
  const [missingOnly, setMissingOnly] = useState(false);
  const [reading, setReading] = useState(false);
  // "Buscar pelo nome" in the camera's dialog: the field gets the focus once the dialog gave it back to "Ler QR".
  const searchNext = useRef(false);
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (reading || !searchNext.current) return;
    searchNext.current = false;
    search.current?.focus();
  }, [reading]);
  /** Someone who chose PIX: "Recebi em espécie" says what will change before it does. */
  const [cashFor, setCashFor] = useState<SeenPassenger | null>(null);
  /** An under-16 with no authorisation handed in: boarding asks first (decision 037). */
  const [unauthorized, setUnauthorized] = useState<SeenPassenger | null>(null);
  /** Someone who still owes: what is owed, and the cash before "Embarcar mesmo assim". */
  const [owing, setOwing] = useState<SeenPassenger | null>(null);
  const { travelAuthorization } = useAppConfig();
  const coordination = useIsCoordination();
  const lacksAuthorization = (p: SeenPassenger) => travelAuthorization && p.sem_autorizacao === true;
  const deferredQuery = useDeferredValue(query);

  const setChoice = (next: Choice) => {
    setChoiceState(next);
    keepChoice(next);
  };
  const me = useSessionUser();
  const buses = rc.list?.onibus ?? [];
  // The bus chosen on this phone; otherwise the one this person takes care of ("Mensagens"); otherwise the first.
  const bus =
    buses.find((b) => busKey(b) === (choice.onibus ?? "")) ??
    buses.find((b) => me && b.equipe_id === me.id) ??
    buses[0] ??
    null;
  const trip = choice.viagem;

  const onBus = useMemo(() => (bus ? busPassengers(rc.passengers, bus.id) : []), [rc.passengers, bus]);
  const boarded = onBus.filter((p) => p[trip]).length;
  const withoutAuthorization = onBus.filter(lacksAuthorization).length;
  const shown = useMemo(() => {
    const q = foldName(deferredQuery);
    return onBus.filter((p) => (!missingOnly || !p[trip]) && (!q || foldName(p.nome_completo).includes(q)));
  }, [onBus, deferredQuery, missingOnly, trip]);

  const board = (p: SeenPassenger) => {
    rc.mark(p, trip, true);
    toast(
      "success",
      `${p.nome_completo} embarcou`,
      undefined,
      {
        label: "Desfazer",
        onClick: () => rc.mark(p, trip, false),
      },
      UNDO_TOAST_MS,
    );
  };
  const owes = (p: SeenPassenger) => p.status_pagamento === "pendente" && (p.devido_centavos ?? 0) > 0;
  const boardOrAsk = (p: SeenPassenger) => (lacksAuthorization(p) ? setUnauthorized(p) : board(p));
  const tap = (p: SeenPassenger) => {
    if (p[trip]) rc.mark(p, trip, false);
    else if (owes(p)) setOwing(p);
    else boardOrAsk(p);
  };
  const onPass = (code: string): PassRead => {
    if (!rc.list || !bus) return { text: "Abra a lista de um ônibus antes de ler os cartões.", ok: false };
    const found = readPass(rc.list, code, bus.id);
    if ("mensagem" in found) return { text: found.mensagem, ok: false };
    const p = rc.passengers.find((x) => x.id === found.passageiro.id);
    if (p?.[trip]) return { text: `${p.nome_completo} já tinha embarcado.`, ok: true };
    if (p && owes(p))
      return {
        text: `${p.nome_completo} ainda deve ${formatPrice(p.devido_centavos ?? 0)}: toque no nome na lista para receber ou embarcar.`,
        ok: false,
      };
    if (p && lacksAuthorization(p))
      return {
        text: `${p.nome_completo} está sem autorização de viagem: toque no nome na lista para decidir.`,
        ok: false,
      };
    if (p) rc.mark(p, trip, true);
    return { text: `${found.passageiro.nome_completo} embarcou.`, ok: true };
  };

  return (
    <div className="rc-page">
      <header className="rc-top">
        <Link href="/admin" className="rc-back">
          ← Painel
        </Link>
        <h1>Embarque</h1>
        <SyncStatus
          online={rc.online && !serverUnreachable}
          queued={rc.queued}
          queueRead={rc.queueRead}
          sending={rc.sending}
        />
      </header>
      {!(rc.online && !serverUnreachable) && (
        <p className="rc-offline">
          Sem conexão: as marcações ficam guardadas neste aparelho e são enviadas quando o sinal voltar.
        </p>
      )}

      <HeldMarksNotice held={rc.held} onSend={rc.sendHeld} />

      {rc.loading && (
        <p className="rc-empty" role="status">
          <span className="admin-spinner" aria-hidden="true" /> Carregando a lista...
        </p>
      )}
      {rc.loadError && (
        <div className="rc-empty" role="alert">
          <p>Não foi possível carregar a lista. {rc.loadError}</p>
          <button type="button" className="admin-btn admin-btn-primary" onClick={rc.retry}>
            Tentar novamente
          </button>
        </div>
      )}
      {!rc.loading && !rc.loadError && !rc.list && (
        <div className="rc-empty" role="alert">
          <p>Sem conexão, e a lista ainda não foi aberta neste aparelho. Abra esta página uma vez com sinal.</p>
          <button type="button" className="admin-btn admin-btn-primary" onClick={rc.retry}>
            Tentar novamente
          </button>
        </div>
      )}
      {rc.list && buses.length === 0 && (
        <p className="rc-empty">Ninguém tem lugar em ônibus ainda. Cadastre os ônibus no painel.</p>
      )}

      {rc.list && bus && (
        <main className="rc-main">
          <div className="rc-controls">
            <BusTripPicker buses={buses} bus={bus} choice={choice} onChoose={setChoice} />
          </div>

          <p className="rc-count" aria-live="polite">
            <strong>{boardedLabel(boarded, onBus.length)}</strong>
            {withoutAuthorization > 0 && (
              <span className="rc-no-auth-count">
                {" · "}
                {withoutAuthorization} sem autorização
              </span>
            )}
          </p>

          <div className="rc-tools">
            <button type="button" className="admin-btn admin-btn-primary" onClick={() => setReading(true)}>
              Ler QR
            </button>
            <Link href="/admin/embarque/imprimir" className="admin-btn admin-btn-outline">
              Imprimir lista
            </Link>
            {coordination && (
              <Link href="/admin/embarque/imprimir?versao=responsavel" className="admin-btn admin-btn-outline">
                Lista do responsável
              </Link>
            )}
          </div>

          <div className="rc-filters">
            <div className="admin-field rc-search">
              <label htmlFor="rc-busca">Buscar passageiro</label>
              <input
                id="rc-busca"
                ref={search}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                autoComplete="off"
              />
            </div>
            <div className="rc-filter-toggle">
              <button type="button" aria-pressed={!missingOnly} onClick={() => setMissingOnly(false)}>
                Todos
              </button>
              <button type="button" aria-pressed={missingOnly} onClick={() => setMissingOnly(true)}>
                Faltam ({onBus.length - boarded})
              </button>
            </div>
          </div>

          {shown.length === 0 ? (
            <p className="rc-empty">
              {onBus.length === 0
                ? "Ninguém neste ônibus."
                : missingOnly && !query
                  ? "Todos embarcaram."
                  : "Ninguém encontrado com esse nome."}
            </p>
          ) : (
            <ul className="rc-list" aria-label={`Passageiros do ${bus.nome}`}>
              {shown.map((p) => (
                <PassengerRow
                  key={p.id}
                  passenger={p}
                  trip={trip}
                  showContacts={missingOnly}
                  noAuthorization={lacksAuthorization(p)}
                  busName={bus.nome}
                  onTap={() => tap(p)}
                  onCash={() => (p.metodo_pagamento === "PIX" ? setCashFor(p) : rc.receiveCash(p))}
                />
              ))}
            </ul>
          )}
        </main>
      )}

      {cashFor && (
        <ConfirmDialog
          title="Recebi em espécie"
          confirmLabel="Confirmar em espécie"
          onConfirm={() => rc.receiveCash(cashFor)}
          onClose={() => setCashFor(null)}
        >
          {cashFor.nome_completo} escolheu pagar por PIX. Confirmar muda a forma de pagamento para espécie e marca o
          pagamento como recebido por você.
        </ConfirmDialog>
      )}

      {owing && (
        <OwingDialog
          passenger={owing}
          onCash={() => {
            rc.receiveCash(owing);
            boardOrAsk(owing);
          }}
          onBoard={() => boardOrAsk(owing)}
          onClose={() => setOwing(null)}
        />
      )}

      {unauthorized && (
        <ConfirmDialog
          title="Embarcar mesmo assim?"
          confirmLabel="Embarcar mesmo assim"
          onConfirm={() => board(unauthorized)}
          onClose={() => setUnauthorized(null)}
        >
          {unauthorized.nome_completo} tem {unauthorized.idade} anos e a coordenação ainda não recebeu a autorização de
          viagem assinada pelo responsável.
        </ConfirmDialog>
      )}

      {reading && (
        <Suspense fallback={null}>
          <QrReaderDialog
            onPass={onPass}
            onClose={() => setReading(false)}
            onSearchByName={() => {
              searchNext.current = true;
              setReading(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
