/** Keeps the roll call's page and assets on the phone (src/client/service-worker/admin-sw.js). */
export function registerRollCallWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/admin-sw.js", { scope: "/admin/" }).catch((err) => {
    // Without it the roll call still works while the page stays open; only a reload offline is lost.
    console.warn("Não foi possível instalar o modo offline do embarque", err);
  });
}
