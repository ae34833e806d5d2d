import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { LIVE_EVENTS } from "../../../shared/live-events";
import {
  type BoardingEvent,
  type BoardingList,
  MARKS_PER_BATCH,
  type MarksResult,
  type Trip,
} from "../../../shared/boarding";
import { toast } from "../../lib/toast";
import { useEventStream } from "../../hooks/use-event-stream";
import { isUnauthorized, useSessionUser } from "../../lib/admin-session";
import { ApiError } from "../../lib/api";
import { newUuid } from "../../lib/uuid";
import { getBoardingList, postCash, postMarks } from "./boarding-api";
import {
  dequeue,
  enqueue,
  type QueuedAction,
  readQueue,
  readSavedList,
  type SavedList,
  saveList,
} from "./boarding-store";
import { isMark, othersQueued, overlay, type SeenPassenger, statesFromEvent, withStates } from "./roll-call-state";

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

const isNetworkError = (e: unknown) => e instanceof ApiError && e.status === 0;

/**
 * The roll call's data: the lists kept on the phone, the queue of marks, and
 * sending it whenever the server can be reached (docs/decisions/026).
 */
export function useRollCall(): RollCall {
  const [saved, setSavedState] = useState<SavedList | null>(null);
  const [queue, setQueueState] = useState<QueuedAction[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [sending, setSending] = useState(false);
  const [queueRead, setQueueRead] = useState(false);
  const savedRef = useRef<SavedList | null>(null);
  const queueRef = useRef<QueuedAction[]>([]);
  const flushing = useRef(false);
  const flushAgain = useRef(false);
  const user = useSessionUser();
  /** Logins whose queued marks the person logged in now agreed to send. */
  const accepted = useRef(new Set<string>());
  const sendable = useCallback(
    (a: QueuedAction) => !a.autor || a.autor.login === user?.login || accepted.current.has(a.autor.login),
    [user],
  );

  const setSaved = useCallback((next: SavedList, persist = true) => {
    savedRef.current = next;
    setSavedState(next);
    if (persist) saveList(next).catch((err) => console.error("Não foi possível guardar a lista no aparelho", err));
  }, []);
  const setQueue = useCallback((next: QueuedAction[]) => {
    queueRef.current = next;
    setQueueState(next);
  }, []);
  const applyStates = useCallback(
    (states: MarksResult["estado"]) => {
      if (savedRef.current && states.length > 0) setSaved(withStates(savedRef.current, states));
    },
    [setSaved],
  );

  const refresh = useCallback(async () => {
    try {
      const asked = Date.now();
      const list = await getBoardingList();
      // The server's clock, read at about the middle of the round trip.
      const clockOffset = Date.parse(list.agora) - (asked + Date.now()) / 2;
      setSaved({ list, clockOffset });
      setOnline(true);
      setLoadError(null);
    } catch (e) {
      if (isNetworkError(e)) setOnline(false);
      else if (!isUnauthorized(e)) setLoadError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  }, [setSaved]);

  const removeFromQueue = useCallback(
    async (ids: string[]) => {
      await dequeue(ids);
      const gone = new Set(ids);
      setQueue(queueRef.current.filter((a) => !gone.has(a.id)));
    },
    [setQueue],
  );

  /** Sends the queue in batches; what the server refused is dropped with its message, never silently. */
  const flush = useCallback(async () => {
    if (flushing.current) {
      flushAgain.current = true;
      return;
    }
    flushing.current = true;
    setSending(queueRef.current.length > 0);
    try {
      for (;;) {
        const ready = queueRef.current.filter(sendable);
        const marks = ready.filter(isMark).slice(0, MARKS_PER_BATCH);
        const cash = ready.filter((a) => !isMark(a));
        if (marks.length === 0 && cash.length === 0) break;
        if (marks.length > 0) {
          const result = await postMarks(marks.map((a) => a.marca));
          applyStates(result.estado);
          for (const r of result.recusadas) toast("error", "Marcação não registrada", r.mensagem);
          await removeFromQueue([...result.recebidas, ...result.recusadas.map((r) => r.id)]);
        }
        for (const a of cash) {
          if (a.tipo !== "especie") continue;
          try {
            const p = await postCash(a.inscricao_id);
            if (savedRef.current) {
              const list = savedRef.current.list;
              setSaved({
                ...savedRef.current,
                list: { ...list, passageiros: list.passageiros.map((x) => (x.id === p.id ? p : x)) },
              });
            }
          } catch (e) {
            if (!(e instanceof ApiError) || e.status === 0 || e.status === 401 || e.status >= 500) throw e;
            toast("error", "Pagamento não registrado", e.message);
          }
          await removeFromQueue([a.id]);
        }
        setOnline(true);
      }
    } catch (e) {
      if (isNetworkError(e)) setOnline(false);
      else if (!isUnauthorized(e))
        toast("error", "Não foi possível enviar as marcações", e instanceof Error ? e.message : undefined);
    } finally {
      flushing.current = false;
      setSending(false);
      if (flushAgain.current) {
        flushAgain.current = false;
        void flush();
      }
    }
  }, [applyStates, removeFromQueue, setSaved, sendable]);

  const push = useCallback(
    (action: QueuedAction) => {
      setQueue([...queueRef.current, action]);
      enqueue(action)
        .then(() => flush())
        .catch((err) => {
          console.error(err);
          toast("error", "Não foi possível guardar a marcação neste aparelho", "Tente de novo.");
        });
    },
    [flush, setQueue],
  );

  const now = () => new Date(Date.now() + (savedRef.current?.clockOffset ?? 0)).toISOString();

  const passengers = useMemo(() => overlay(saved?.list.passageiros ?? [], queue), [saved, queue]);

  const autor = () => (user ? { autor: { login: user.login, nome: user.nome } } : {});

  const mark = (p: SeenPassenger, trip: Trip, embarcou: boolean) => {
    const id = newUuid();
    push({ id, tipo: "marca", marca: { id, inscricao_id: p.id, viagem: trip, embarcou, feito_em: now() }, ...autor() });
  };

  const receiveCash = (p: SeenPassenger) => {
    push({ id: newUuid(), tipo: "especie", inscricao_id: p.id, feito_em: now(), ...autor() });
  };

  // Until the session is known (a reload with no signal), nobody's marks are called someone else's.
  const held = useMemo(() => (user ? othersQueued(queue, sendable) : []), [queue, sendable, user]);

  // Who is logged in became known (or changed): their own queued marks go now.
  useEffect(() => {
    if (user && queueRef.current.length > 0) void flush();
  }, [user, flush]);

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
      if (kept && !savedRef.current) {
        setSaved(kept, false);
        setLoading(false);
      }
      setQueue([...queued, ...queueRef.current.filter((a) => !queued.some((q) => q.id === a.id))]);
      setQueueRead(true);
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
      setOnline(true);
      void flush().then(refresh);
    };
    const gone = () => setOnline(false);
    window.addEventListener("online", back);
    window.addEventListener("offline", gone);
    const timer = setInterval(() => {
      if (queueRef.current.length > 0) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener("online", back);
      window.removeEventListener("offline", gone);
      clearInterval(timer);
    };
  }, [flush, refresh]);

  // Other phones' marks arrive as ids and states; anything else that may change a list is read again.
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(debounce.current), []);
  const listChanged = () => {
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => void refresh(), REFRESH_DEBOUNCE_MS);
  };
  useEventStream(
    "/api/events",
    {
      [LIVE_EVENTS.boarding]: (data) => {
        const states = statesFromEvent(savedRef.current?.list.passageiros ?? [], (data as BoardingEvent).marks ?? []);
        if (states) applyStates(states);
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
    list: saved?.list ?? null,
    passengers,
    loading: loading && !saved,
    loadError: saved ? null : loadError,
    online,
    queued: queue.length,
    queueRead,
    held,
    sending,
    mark,
    receiveCash,
    sendHeld: () => {
      for (const a of queueRef.current) if (a.autor) accepted.current.add(a.autor.login);
      setQueue([...queueRef.current]);
      void flush();
    },
    retry: () => void refresh().then(flush),
  };
}
