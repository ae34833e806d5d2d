// "Avisos neste celular" (docs/decisions/050): shows the notices the server
// sends by Web Push and opens "Minha inscrição" when one is tapped. Registered
// with scope "/" only when a family turns notices on; it has no fetch handler,
// so the site's pages and requests never pass through it.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let notice = { titulo: "Caravana", corpo: "", tag: undefined, url: "/minha-inscricao" };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    if (event.data) notice.corpo = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(notice.titulo, {
      body: notice.corpo,
      tag: notice.tag,
      lang: "pt-BR",
      icon: "/icone-192.png",
      badge: "/icone-selo.png",
      data: { url: notice.url },
    }),
  );
});

/** Where a tap may go: a page of this site, by its path only. */
const pageOf = (path) =>
  new URL(
    typeof path === "string" && path.startsWith("/") && !path.startsWith("//") ? path : "/minha-inscricao",
    self.location.origin,
  ).href;

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = pageOf(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // A family's page already open (never a panel's tab, which may hold unsaved work): bring it there.
      // A window's url is where it was opened (the form's "/" for a thank-you page reached by submitting).
      const open = windows.find((w) => !/^\/admin(\/|$)/.test(new URL(w.url).pathname));
      if (open) {
        const there = open.url === url ? open : await open.navigate(url).catch(() => null);
        if (there) return there.focus().catch(() => there);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
