import { useCallback, useEffect, useRef, useState } from "react";
import type { RegistrationsChanged } from "../../../../shared/api-types";
import { LIVE_EVENTS } from "../../../../shared/live-events";
import type { MessageListView } from "../../../../shared/message-lists";
import { useEventStream } from "../../../hooks/use-event-stream";
import type { ApiError } from "../../../lib/api";
import { getMessageList } from "../api/messages-api";

/**
 * One list, kept current: a row another phone sent arrives by the live stream
 * (ids only, then one fetch), and coming back from WhatsApp fetches it again.
 */
export function useMessageList(id: string) {
  const [list, setList] = useState<MessageListView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const fresh = await getMessageList(id);
      if (mine === seq.current) {
        setList(fresh);
        setError(null);
      }
    } catch (e) {
      if (mine === seq.current) setError((e as ApiError).message);
    }
  }, [id]);

  useEffect(() => {
    setList(null);
    void reload();
    const back = () => {
      if (document.visibilityState === "visible") void reload();
    };
    document.addEventListener("visibilitychange", back);
    window.addEventListener("focus", back);
    return () => {
      document.removeEventListener("visibilitychange", back);
      window.removeEventListener("focus", back);
    };
  }, [reload]);

  useEventStream(
    "/api/events",
    {
      [LIVE_EVENTS.messageLists]: (data) => {
        if ((data as RegistrationsChanged).ids?.includes(id)) void reload();
      },
      // Someone paid or gave up: the names and counts may read differently.
      [LIVE_EVENTS.registrationUpdated]: () => void reload(),
      [LIVE_EVENTS.resync]: () => void reload(),
    },
    () => void reload(),
    () => void reload(),
  );

  return { list, error, reload };
}
