import { useCallback, useEffect, useMemo, useState } from "react";
import { LIVE_EVENTS } from "../../../../shared/live-events";
import { type MyRegistration, readPersonalFragment, watchParam } from "../../../../shared/my-registration";
import { useEventStream } from "../../../hooks/use-event-stream";
import { ApiError } from "../../../lib/api";
import { appConfig } from "../../../lib/app-config";
import {
  type HeldRegistration,
  forgetRegistration,
  heldRegistrations,
  holdRegistrations,
} from "../../../lib/held-registrations";
import { fetchMyRegistration } from "../api/my-registration-api";

/** What the page knows of one kept registration. */
export type HeldState =
  | { kind: "loading" }
  | { kind: "ready"; view: MyRegistration }
  /** Of an edition that was closed: its name, from the server or as kept on the phone. */
  | { kind: "closed"; edition: string }
  | { kind: "gone"; message: string }
  | { kind: "offline"; message: string };

/**
 * A personal link's secret arrives after "#" (never sent to a server): it is
 * kept on this phone and taken out of the address, so a screenshot or a shared
 * address does not carry it.
 */
function keepLinkFromAddress(): HeldRegistration[] {
  const fromLink = readPersonalFragment(window.location.hash);
  if (window.location.hash) window.history.replaceState(null, "", window.location.pathname);
  return fromLink
    ? holdRegistrations([{ ...fromLink, nome_completo: "", referencia: "", evento: "" }])
    : heldRegistrations();
}

/**
 * One kept registration read with its secret: its page's view, or why not (a
 * closed edition, a secret that no longer opens it, no network).
 */
export async function readHeldState(h: HeldRegistration): Promise<HeldState> {
  try {
    const view = await fetchMyRegistration(h.id, h.token);
    // Kept with its name and event, so a closed edition's registration is still named on this phone.
    if (h.nome_completo !== view.nome_completo || h.evento !== view.evento || h.referencia !== view.referencia) {
      holdRegistrations([
        { ...h, nome_completo: view.nome_completo, referencia: view.referencia, evento: view.evento },
      ]);
    }
    return { kind: "ready", view };
  } catch (err) {
    const e = err instanceof ApiError ? err : new ApiError(0, String(err));
    const edition = (e.body as { edicao_encerrada?: string } | null)?.edicao_encerrada;
    // Once a closed edition's kept list is gone the server knows nothing of the id: the event kept here names it.
    const keptEdition = h.evento && h.evento !== appConfig().eventTitle ? h.evento : null;
    return e.status === 410 && edition
      ? { kind: "closed", edition }
      : e.status === 403 && keptEdition
        ? { kind: "closed", edition: keptEdition }
        : e.status === 0
          ? { kind: "offline", message: e.message }
          : { kind: "gone", message: e.message };
  }
}

/**
 * Every registration this phone holds, each read with its secret and read
 * again when the live stream names it (ids only: GET /api/events?inscricoes=<id>.<proof>,…).
 */
export function useHeldRegistrations() {
  const [held, setHeld] = useState<HeldRegistration[]>(keepLinkFromAddress);
  const [states, setStates] = useState<Record<string, HeldState>>({});

  const load = useCallback(async (h: HeldRegistration) => {
    const state = await readHeldState(h);
    // Without a network, what was already shown stays on screen; the stream's return reads it again.
    setStates((s) => (state.kind === "offline" && s[h.id]?.kind === "ready" ? s : { ...s, [h.id]: state }));
  }, []);

  useEffect(() => {
    for (const h of held) void load(h);
  }, [held, load]);

  const byId = useMemo(() => new Map(held.map((h) => [h.id, h])), [held]);
  const reloadIds = useCallback(
    (data: unknown) => {
      const changed = (data as { ids?: unknown }).ids;
      if (!Array.isArray(changed)) return;
      for (const id of changed) {
        const h = typeof id === "string" ? byId.get(id) : undefined;
        if (h) void load(h);
      }
    },
    [byId, load],
  );
  const reloadAll = useCallback(() => {
    for (const h of held) void load(h);
  }, [held, load]);

  // Each id with a proof of its secret: the stream follows only what this phone holds.
  const streamUrl = useMemo(
    () => (held.length > 0 ? `/api/events?inscricoes=${encodeURIComponent(watchParam(held))}` : ""),
    [held],
  );
  useEventStream(streamUrl, { [LIVE_EVENTS.myRegistrations]: reloadIds }, reloadAll, reloadAll);

  return {
    held,
    states,
    /** Registrations found by a lookup: kept on this phone and read. */
    add(found: HeldRegistration[]) {
      setHeld(holdRegistrations(found));
    },
    forget(id: string) {
      setHeld(forgetRegistration(id));
    },
    /** The answer of a change (corrections, "Desistir"): shown at once. */
    show(view: MyRegistration) {
      setStates((s) => ({ ...s, [view.id]: { kind: "ready", view } }));
    },
  };
}
