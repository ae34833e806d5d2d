/** What this browser can do about notices, before anything is asked. */
export type NoticeSupport = "ok" | "iphone" | "unsupported";

/**
 * An iPhone shows a site's notices only once it is on the home screen and
 * opened from there (iOS 16.4 and later); Chrome on Android shows them from
 * the page itself.
 */
export function noticeSupport(): NoticeSupport {
  const apple =
    /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone =
    window.matchMedia?.("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const capable = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (apple && !standalone) return "iphone";
  return capable ? "ok" : "unsupported";
}

/** The manifest and the home screen's icon, added only on the pages that offer notices. */
export function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = "/manifest.webmanifest";
  const touchIcon = document.createElement("link");
  touchIcon.rel = "apple-touch-icon";
  touchIcon.href = "/icone-192.png";
  document.head.append(manifest, touchIcon);
}

/** The key as PushManager.subscribe takes it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (a server whose key changed needs a new one). */
export function sameKey(key: ArrayBuffer | null, base64url: string): boolean {
  if (!key) return false;
  const a = new Uint8Array(key);
  const b = keyBytes(base64url);
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
