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

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/minha-inscricao", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // A page of the site already open: bring it there, instead of a second tab.
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const there = open.url === url ? open : await open.navigate(url).catch(() => null);
        if (there) return there.focus().catch(() => there);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
