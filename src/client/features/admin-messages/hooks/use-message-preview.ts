import { useEffect, useState } from "react";
import type { MessagePreview, NewMessageList } from "../../../../shared/message-lists";
import { ApiError } from "../../../lib/api";
import { previewMessageList } from "../api/messages-api";

const WAIT_MS = 400;

/** The server's preview of a list as the text is typed: counts, the first message, and what to cut. */
export function useMessagePreview(body: NewMessageList | null) {
  const [preview, setPreview] = useState<MessagePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = body ? JSON.stringify(body) : "";

  useEffect(() => {
    if (!key) {
      setPreview(null);
      setError(null);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      previewMessageList(JSON.parse(key) as NewMessageList, controller.signal)
        .then((p) => {
          setPreview(p);
          setError(null);
        })
        .catch((e) => {
          if (controller.signal.aborted) return;
          setPreview(null);
          setError(e instanceof ApiError ? e.message : String(e));
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, WAIT_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  return { preview, error, loading };
}
