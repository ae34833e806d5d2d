import { useCallback, useEffect, useMemo, useState } from "react";
import { LIVE_EVENTS } from "../../../../shared/live-events";
import { watchParam } from "../../../../shared/my-registration";
import { useEventStream } from "../../../hooks/use-event-stream";
import type { HeldRegistration } from "../../../lib/held-registrations";
import { type HeldState, readHeldState } from "./use-held-registrations";

/**
 * One registration this phone holds, read and followed live (the thank-you
 * page: a payment confirmed, a seat given, an edition closed). Null while
 * there is nothing to follow.
 */
export function useFollowedRegistration(h: HeldRegistration | null): HeldState | null {
  const [state, setState] = useState<HeldState | null>(null);
  const key = h ? `${h.id}.${h.token}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for h
  const load = useCallback(async () => {
    if (!h) return;
    const next = await readHeldState(h);
    setState((s) => (next.kind === "offline" && s?.kind === "ready" ? s : next));
  }, [key]);
  useEffect(() => {
    void load();
  }, [load]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for h
  const streamUrl = useMemo(() => (h ? `/api/events?inscricoes=${encodeURIComponent(watchParam([h]))}` : ""), [key]);
  useEventStream(streamUrl, { [LIVE_EVENTS.myRegistrations]: () => void load() }, load, load);
  return state;
}
