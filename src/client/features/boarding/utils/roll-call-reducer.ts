import type { BoardingPassenger, MarksResult } from "../../../../shared/boarding";
import type { QueuedAction, SavedList } from "./boarding-store";
import { withStates } from "./roll-call-state";

/** Everything the roll call holds; use-roll-call.ts keeps it, stores it on the phone and sends it. */
export interface RollCallState {
  /** The lists as last read: from the server, or kept on the phone. */
  saved: SavedList | null;
  /** Marks and cash not yet sent, oldest first. */
  queue: QueuedAction[];
  /** The queue kept on the phone has been read: until then nothing can be called "sent". */
  queueRead: boolean;
  loading: boolean;
  /** No list could be read, and why (not for a dead network, which the offline notice says). */
  loadError: string | null;
  /** The last request reached the server. */
  online: boolean;
  sending: boolean;
  /** Logins whose queued marks the person logged in now agreed to send. */
  accepted: string[];
}

export type RollCallAction =
  | { type: "list-read"; saved: SavedList }
  | { type: "list-kept"; saved: SavedList }
  | { type: "list-failed"; offline: boolean; message: string | null }
  | { type: "queue-read"; queue: QueuedAction[] }
  | { type: "queued"; action: QueuedAction }
  | { type: "sent"; ids: string[] }
  | { type: "states"; states: MarksResult["estado"] }
  | { type: "passenger"; passenger: BoardingPassenger }
  | { type: "online"; online: boolean }
  | { type: "sending"; sending: boolean }
  | { type: "held-accepted" };

export const initialRollCall = (online: boolean): RollCallState => ({
  saved: null,
  queue: [],
  queueRead: false,
  loading: true,
  loadError: null,
  online,
  sending: false,
  accepted: [],
});

export function rollCallReducer(state: RollCallState, action: RollCallAction): RollCallState {
  switch (action.type) {
    case "list-read":
      return { ...state, saved: action.saved, online: true, loadError: null, loading: false };
    case "list-kept":
      // The server's list may have arrived first: it wins over the phone's older copy.
      return state.saved ? state : { ...state, saved: action.saved, loading: false };
    case "list-failed":
      return {
        ...state,
        loading: false,
        online: action.offline ? false : state.online,
        loadError: action.message ?? state.loadError,
      };
    case "queue-read": {
      const kept = new Set(action.queue.map((a) => a.id));
      // Marks tapped before the stored queue was read go after it.
      return { ...state, queue: [...action.queue, ...state.queue.filter((a) => !kept.has(a.id))], queueRead: true };
    }
    case "queued":
      return { ...state, queue: [...state.queue, action.action] };
    case "sent": {
      const gone = new Set(action.ids);
      return { ...state, queue: state.queue.filter((a) => !gone.has(a.id)) };
    }
    case "states":
      return state.saved && action.states.length > 0
        ? { ...state, saved: withStates(state.saved, action.states) }
        : state;
    case "passenger": {
      if (!state.saved) return state;
      const { list } = state.saved;
      const passageiros = list.passageiros.map((x) => (x.id === action.passenger.id ? action.passenger : x));
      return { ...state, saved: { ...state.saved, list: { ...list, passageiros } } };
    }
    case "online":
      return state.online === action.online ? state : { ...state, online: action.online };
    case "sending":
      return state.sending === action.sending ? state : { ...state, sending: action.sending };
    case "held-accepted": {
      const authors = state.queue.flatMap((a) => (a.autor ? [a.autor.login] : []));
      return { ...state, accepted: [...new Set([...state.accepted, ...authors])] };
    }
  }
}

/** Whether the person logged in now may send this queued action (their own, unsigned, or agreed to). */
export const canSend = (state: RollCallState, login: string | undefined, a: QueuedAction) =>
  !a.autor || a.autor.login === login || state.accepted.includes(a.autor.login);
