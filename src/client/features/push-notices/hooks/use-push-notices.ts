import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../../lib/api";
import { getNoticeKey, saveSubscription, stopSubscription } from "../api/notices-api";
import { keyBytes, linkManifest, noticeSupport, sameKey } from "../utils/notice-support";

/** Where notices stand on this phone. */
export type NoticeState = "checking" | "off" | "on" | "turningOn" | "turningOff" | "blocked" | "iphone" | "unsupported";

/** A registration this phone holds, as the notices need it: its id and secret prove it. */
export interface NoticeHolder {
  id: string;
  token: string;
}

const SCOPE = "/";
const WORKER = "/avisos-sw.js";

const currentSubscription = async () =>
  (await navigator.serviceWorker.getRegistration(SCOPE))?.pushManager.getSubscription() ?? null;

function asBody(sub: PushSubscription, held: NoticeHolder[]) {
  const json = sub.toJSON();
  return {
    endpoint: json.endpoint ?? sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    inscricoes: held.slice(-20).map((h) => ({ id: h.id, token: h.token })),
  };
}

/**
 * A visit confirms the subscription: made again, with no question asked, when the server's key changed
 * (VAPID_PUBLIC_KEY set later), then tied again to every registration the phone holds.
 */
async function confirmSubscription(sub: PushSubscription, held: NoticeHolder[]) {
  const { chave } = await getNoticeKey();
  let current = sub;
  if (!sameKey(sub.options.applicationServerKey, chave)) {
    const registration = await navigator.serviceWorker.getRegistration(SCOPE);
    if (!registration) return null;
    await sub.unsubscribe();
    current = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(chave),
    });
  }
  return saveSubscription(asBody(current, held));
}

const messageOf = (e: unknown) =>
  e instanceof ApiError
    ? e.message
    : "Não foi possível ligar os avisos neste navegador. Tente de novo; se continuar, use o Chrome atualizado.";

/**
 * What the first render can already say. Without the permission no subscription works, so only a phone that gave
 * it waits for the browser to be asked.
 */
function knownAtOnce(): NoticeState {
  const support = noticeSupport();
  if (support !== "ok") return support;
  if (Notification.permission === "denied") return "blocked";
  return Notification.permission === "granted" ? "checking" : "off";
}

/**
 * "Receber avisos neste celular" (decision 050): one tap asks the browser's
 * permission, registers the notices' service worker, subscribes with the
 * server's key and ties the subscription to every registration the phone
 * holds. On each visit an existing subscription is confirmed again, so a
 * sibling added since is heard about too.
 */
export function usePushNotices(held: NoticeHolder[]) {
  const [state, setState] = useState<NoticeState>(knownAtOnce);
  const [error, setError] = useState<string | null>(null);
  const heldKey = held.map((h) => `${h.id}.${h.token}`).join(",");

  // heldKey stands for `held`: a new array with the same registrations is no change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: heldKey is held's identity
  useEffect(() => {
    linkManifest();
    const known = knownAtOnce();
    if (known !== "checking") {
      // Nothing to ask the browser; a tap on "Receber avisos" may already be under way.
      setState((now) => (known === "off" && now === "turningOn" ? now : known));
      return;
    }
    let live = true;
    void (async () => {
      const sub = await currentSubscription().catch(() => null);
      if (!live) return;
      if (!sub) {
        setState("off");
        return;
      }
      setState("on");
      if (held.length === 0) return;
      const answer = await confirmSubscription(sub, held).catch((e: unknown) => e);
      // The server forgets a subscription after "Gerar novo link" or a closed edition: say so if it did.
      if (live && answer instanceof ApiError && answer.status === 403) setState("off");
    })();
    return () => {
      live = false;
    };
  }, [heldKey]);

  const turnOn = useCallback(async () => {
    setError(null);
    setState("turningOn");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const registration = await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
      await navigator.serviceWorker.ready;
      const { chave } = await getNoticeKey();
      let sub = await registration.pushManager.getSubscription();
      if (sub && !sameKey(sub.options.applicationServerKey, chave)) {
        await sub.unsubscribe();
        sub = null;
      }
      sub ??= await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(chave),
      });
      try {
        await saveSubscription(asBody(sub, held));
      } catch (e) {
        await sub.unsubscribe().catch(() => false);
        throw e;
      }
      setState("on");
    } catch (e) {
      setError(messageOf(e));
      setState("off");
    }
  }, [held]);

  const turnOff = useCallback(async () => {
    setError(null);
    setState("turningOff");
    try {
      const sub = await currentSubscription();
      if (sub) {
        const json = sub.toJSON();
        await stopSubscription(json.endpoint ?? sub.endpoint, json.keys?.auth ?? "");
        await sub.unsubscribe();
      }
      setState("off");
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Não foi possível parar os avisos. Tente de novo.");
      setState("on");
    }
  }, []);

  return { state, error, turnOn, turnOff };
}
