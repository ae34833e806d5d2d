import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  BOARDING_MESSAGES,
  type BoardingEvent,
  type BoardingList,
  MARKS_PER_BATCH,
  type Trip,
} from "../../../../shared/boarding";
import { LIVE_EVENTS } from "../../../../shared/live-events";
import { useDebounced } from "../../../hooks/use-debounced";
import { useEventStream } from "../../../hooks/use-event-stream";
import { checkSession, isUnauthorized, useSessionUser } from "../../../lib/admin-session";
import { ApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { newUuid } from "../../../lib/uuid";
import { getBoardingList, postMarks } from "../api/boarding-api";
import { dequeue, enqueue, type QueuedAction, readQueue, readSavedList, saveList } from "../utils/boarding-store";
import { receiveCash } from "../api/receive-cash";
import { canSend, initialRollCall, type RollCallAction, rollCallReducer } from "../utils/roll-call-reducer";
import { isMark, othersQueued, overlay, type SeenPassenger, statesFromEvent } from "../utils/roll-call-state";

export interface RollCall {
  list: BoardingList | null;
  passengers: SeenPassenger[];
  /** Nothing to show yet (first open, still loading). */
  loading: boolean;
  /** No list on the phone and none could be read: the message. */
  loadError: string | null;
  /** The last request reached the server. */
  online: boolean;
  queued: number;
  /** The queue kept on the phone has been read: until then nothing can be called "sent". */
  queueRead: boolean;
  /** Marks queued on this phone by someone else, not sent until the person logged in now agrees. */
  held: { nome: string; count: number }[];
  sending: boolean;
  /** Marks or undoes one trip. The screen changes at once, before anything is stored or sent. */
  mark(p: SeenPassenger, trip: Trip, embarcou: boolean): void;
  receiveCash(p: SeenPassenger): void;
  /** Sends the held marks under the person logged in now. */
  sendHeld(): void;
  retry(): void;
}

// Without an answer to the browser's "online" event, the queue is tried again this often.
const RETRY_MS = 10_000;
const REFRESH_DEBOUNCE_MS = 300;
// These change the lists, which the phone keeps for a reload with no signal.
const CHANGES_LIST = new Set<RollCallAction["type"]>(["list-read", "states", "passenger"]);

const isNetworkError = (e: unknown) => e instanceof ApiError && e.status === 0;
/** Someone else logged in on this phone since this page learnt who was: the server wrote nothing. */
const isOtherPerson = (e: unknown) => e instanceof ApiError && e.message === BOARDING_MESSAGES.otherPerson;
/** The server looked at the request and said no: told to the person, then dropped from the queue. */
const isRefusal = (e: unknown) =>
  e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401 && !isOtherPerson(e);

/**
 * The roll call's data: the lists kept on the phone, the queue of marks, and
 * sending it whenever the server can be reached (docs/decisions/026). The
 * state is one reducer (roll-call-reducer.ts); `current` holds its latest
 * value for the sending loop, which outlives renders.
 */
export function useRollCall(): RollCall {
  const current = useRef(initialRollCall(navigator.onLine));
  const [state, setState] = useState(current.current);
  const flushing = useRef(false);
  const flushAgain = useRef(false);
  const user = useSessionUser();
  const login = user?.login;

  const dispatch = useCallback((action: RollCallAction) => {
    const before = current.current;
    current.current = rollCallReducer(before, action);
    setState(current.current);
    const saved = current.current.saved;
    if (CHANGES_LIST.has(action.type) && saved && saved !== before.saved) {
      saveList(saved).catch((err) => console.error("Não foi possível guardar a lista no aparelho", err));
    }
  }, []);

  const refresh = useCallback(async () => {
    try {
      const asked = Date.now();
      const list = await getBoardingList();
      // The server's clock, read at about the middle of the round trip.
      dispatch({ type: "list-read", saved: { list, clockOffset: Date.parse(list.agora) - (asked + Date.now()) / 2 } });
    } catch (e) {
      const message = isNetworkError(e) || isUnauthorized(e) ? null : e instanceof Error ? e.message : String(e);
      dispatch({ type: "list-failed", offline: isNetworkError(e), message });
    }
  }, [dispatch]);

  const sent = useCallback(
    async (ids: string[]) => {
      await dequeue(ids);
      dispatch({ type: "sent", ids });
    },
    [dispatch],
  );

  /** Sends the queue in batches; what the server refused is dropped with its message, never silently. */
  const flush = useCallback(async () => {
    if (flushing.current) {
      flushAgain.current = true;
      return;
    }
    flushing.current = true;
    dispatch({ type: "sending", sending: current.current.queue.length > 0 });
    try {
      for (;;) {
        const ready = current.current.queue.filter((a) => canSend(current.current, login, a));
        const marks = ready.filter(isMark).slice(0, MARKS_PER_BATCH);
        const cash = ready.filter((a) => a.tipo === "especie");
        if (marks.length === 0 && cash.length === 0) break;
        if (marks.length > 0) {
          const result = await postMarks(
            marks.map((a) => a.marca),
            login,
          );
          dispatch({ type: "states", states: result.estado });
          for (const r of result.recusadas) toast("error", "Marcação não registrada", r.mensagem);
          await sent([...result.recebidas, ...result.recusadas.map((r) => r.id)]);
        }
        for (const a of cash) {
          try {
            dispatch({ type: "passenger", passenger: await receiveCash(a.inscricao_id, login) });
          } catch (e) {
            if (!isRefusal(e)) throw e;
            toast("error", "Pagamento não registrado", (e as Error).message);
          }
          await sent([a.id]);
        }
        dispatch({ type: "online", online: true });
      }
    } catch (e) {
      // Not sent, and kept: no signal, or a session to log in again; anything else is said.
      if (isNetworkError(e)) dispatch({ type: "online", online: false });
      // Asks who is logged in now: their own marks go, and the others' wait for "Enviar em meu nome".
      else if (isOtherPerson(e)) void checkSession({ quiet: true });
      else if (!isUnauthorized(e))
        toast("error", "Não foi possível enviar as marcações", e instanceof Error ? e.message : undefined);
    } finally {
      flushing.current = false;
      dispatch({ type: "sending", sending: false });
      if (flushAgain.current) {
        flushAgain.current = false;
        void flush();
      }
    }
  }, [dispatch, sent, login]);

  const push = useCallback(
    (action: QueuedAction) => {
      dispatch({ type: "queued", action });
      enqueue(action)
        .then(() => flush())
        .catch((err) => {
          console.error(err);
          toast("error", "Não foi possível guardar a marcação neste aparelho", "Tente de novo.");
        });
    },
    [dispatch, flush],
  );

  const now = () => new Date(Date.now() + (current.current.saved?.clockOffset ?? 0)).toISOString();
  const autor = () => (user ? { autor: { login: user.login, nome: user.nome } } : {});

  const passengers = useMemo(
    () => overlay(state.saved?.list.passageiros ?? [], state.queue),
    [state.saved, state.queue],
  );

  // Until the session is known (a reload with no signal), nobody's marks are called someone else's.
  const held = useMemo(() => (login ? othersQueued(state.queue, (a) => canSend(state, login, a)) : []), [state, login]);

  // Who is logged in became known (or changed): their own queued marks go now.
  useEffect(() => {
    if (login && current.current.queue.length > 0) void flush();
  }, [login, flush]);

  // The server's list and the phone's copy at once (the copy shows first with no signal); then whatever was queued.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on opening
  useEffect(() => {
    let live = true;
    const fresh = refresh();
    (async () => {
      const [kept, queued] = await Promise.all([
        readSavedList().catch(() => undefined),
        readQueue().catch(() => [] as QueuedAction[]),
      ]);
      if (!live) return;
      if (kept) dispatch({ type: "list-kept", saved: kept });
      dispatch({ type: "queue-read", queue: queued });
      await fresh;
      await flush();
    })();
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    // What waits on the phone goes first; the fresh list after it.
    const back = () => {
      dispatch({ type: "online", online: true });
      void flush().then(refresh);
    };
    const gone = () => dispatch({ type: "online", online: false });
    window.addEventListener("online", back);
    window.addEventListener("offline", gone);
    const timer = setInterval(() => {
      if (current.current.queue.length > 0) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener("online", back);
      window.removeEventListener("offline", gone);
      clearInterval(timer);
    };
  }, [dispatch, flush, refresh]);

  // Other phones' marks arrive as ids and states; anything else that may change a list is read again.
  const listChanged = useDebounced(() => void refresh(), REFRESH_DEBOUNCE_MS);
  useEventStream(
    "/api/events",
    {
      [LIVE_EVENTS.boarding]: (data) => {
        const marks = (data as BoardingEvent).marks ?? [];
        const states = statesFromEvent(current.current.saved?.list.passageiros ?? [], marks);
        if (states) dispatch({ type: "states", states });
        else listChanged();
      },
      [LIVE_EVENTS.registrationInserted]: listChanged,
      [LIVE_EVENTS.registrationUpdated]: listChanged,
      [LIVE_EVENTS.registrationDeleted]: listChanged,
      [LIVE_EVENTS.registrationPromoted]: listChanged,
      [LIVE_EVENTS.busesChanged]: listChanged,
      [LIVE_EVENTS.resync]: listChanged,
    },
    () => {
      void flush().then(refresh);
    },
    () => void refresh(),
  );

  return {
    list: state.saved?.list ?? null,
    passengers,
    loading: state.loading && !state.saved,
    loadError: state.saved ? null : state.loadError,
    online: state.online,
    queued: state.queue.length,
    queueRead: state.queueRead,
    held,
    sending: state.sending,
    mark: (p, trip, embarcou) => {
      const id = newUuid();
      push({
        id,
        tipo: "marca",
        marca: { id, inscricao_id: p.id, viagem: trip, embarcou, feito_em: now() },
        ...autor(),
      });
    },
    receiveCash: (p) => push({ id: newUuid(), tipo: "especie", inscricao_id: p.id, feito_em: now(), ...autor() }),
    sendHeld: () => {
      dispatch({ type: "held-accepted" });
      void flush();
    },
    retry: () => void refresh().then(flush),
  };
}
