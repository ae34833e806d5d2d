import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { newContext, shotAt360, WAIT } from "../support/browser";
import { ADMIN_PASSWORD } from "../support/browser-admin";
import { useBrowserApp } from "../support/browser-app";
import { fillForm, gotoForm, press, submitButton } from "../support/browser-visitor";
import { type PushReceiver, startPushReceiver, type TestSubscription } from "../support/push-receiver";
import { startTestApp } from "../support/test-app";

let receiver: PushReceiver | undefined;

/**
 * Chromium here cannot reach a real push service, so the page's PushManager
 * answers with a subscription on the test's own receiver (the issue allows
 * this one stand-in); everything else is the real page, worker and server.
 */
async function withTestPushService(context: BrowserContext, sub: TestSubscription): Promise<void> {
  await context.addInitScript((json) => {
    const KEY = "teste-assinatura-push";
    const make = (applicationServerKey: ArrayBuffer | null) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { applicationServerKey, userVisibleOnly: true },
      toJSON: () => json,
      getKey: () => null,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    const keyOf = (stored: string) => Uint8Array.from(atob(stored), (c) => c.charCodeAt(0)).buffer;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      localStorage.setItem(KEY, btoa(String.fromCharCode(...key)));
      return make(key.buffer) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => {
      const stored = localStorage.getItem(KEY);
      return (stored ? make(keyOf(stored)) : null) as unknown as PushSubscription | null;
    };
  }, sub.json);
}

/**
 * The notices' worker's push service: what it returns hands `data` to the worker as the service would (DevTools'
 * ServiceWorker.deliverPushMessage). It is ready once the worker is activated, as Chromium's own test of that
 * command waits: DevTools says nothing of a delivery's outcome, and on a busy machine "Avisos ativados" can show
 * while the worker is still activating.
 */
async function pushServiceOf(page: Page, origin: string): Promise<(data: string) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  // The registrations of the site's scope, and those whose worker is activated.
  const ours = new Set<string>();
  const activated = new Set<string>();
  const registrationId = new Promise<string>((resolve, reject) => {
    setTimeout(() => reject(new Error("o worker de avisos não foi ativado")), WAIT.timeout).unref();
    const ready = () => {
      const mine = [...ours].find((id) => activated.has(id));
      if (mine) resolve(mine);
    };
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
      for (const r of e.registrations) {
        if (r.scopeURL !== `${origin}/`) continue;
        if (r.isDeleted) ours.delete(r.registrationId);
        else ours.add(r.registrationId);
      }
      ready();
    });
    cdp.on("ServiceWorker.workerVersionUpdated", (e) => {
      for (const v of e.versions) if (v.status === "activated") activated.add(v.registrationId);
      ready();
    });
  });
  await cdp.send("ServiceWorker.enable");
  const id = await registrationId;
  return async (data) => {
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: id, data });
  };
}

/** The coordination's requests, in a context of their own. */
async function coordination(ui: { browser: Browser; app: { baseUrl: string } }) {
  const context = await newContext(ui.browser, "desktop", { baseURL: ui.app.baseUrl });
  expect((await context.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
  expect((await context.request.put("/api/form-status", { data: { is_open: true } })).status()).toBe(200);
  return context;
}

describe("Avisos neste celular, on a phone", () => {
  const ui = useBrowserApp(async () => {
    receiver = await startPushReceiver();
    return startTestApp("pglite", {
      listen: true,
      env: { ADMIN_PASSWORD, PUSH_ENDPOINTS_EXTRA: receiver.origin },
    });
  });
  afterAll(() => receiver?.close());

  it("is offered after sign-up, turns on with one tap, shows the payment's notice, and a tap opens Minha inscrição", async () => {
    if (!receiver) throw new Error("sem receptor");
    const phone = receiver.subscription();
    const context = await newContext(ui.browser, "phone", {
      baseURL: ui.app.baseUrl,
      permissions: ["notifications"],
    });
    try {
      await withTestPushService(context, phone);
      const admin = (await coordination(ui)).request;

      const page = await context.newPage();
      await gotoForm(page, "phone");
      await fillForm(page, { name: "Rita Avisos Lima", age: "19", phone: "98944443333" });
      await press("phone", submitButton(page));
      await page.waitForURL((url) => url.pathname === "/obrigado", WAIT);
      const offer = page.getByRole("region", { name: "Avisos neste celular" });
      await offer.getByText("Quer ser avisado(a) aqui quando o pagamento for confirmado?").waitFor(WAIT);
      // The manifest and the home screen's icon are linked where notices are offered.
      expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
      await offer.scrollIntoViewIfNeeded();
      await shotAt360(page, "avisos-oferta", true);
      expect(await axeViolations(page)).toEqual([]);

      await offer.getByRole("button", { name: "Receber avisos neste celular" }).click();
      await offer.getByRole("button", { name: "Parar avisos" }).waitFor(WAIT);
      await offer.getByText(/^Avisos ativados\. Este celular vai avisar/).waitFor(WAIT);
      await offer.scrollIntoViewIfNeeded();
      await shotAt360(page, "avisos-ligados", true);
      const [{ id }] = await ui.app.db.query<{ id: string }>(
        "SELECT r.id FROM registrations r JOIN aviso_inscricoes a ON a.inscricao_id = r.id WHERE r.nome_completo = 'Rita Avisos Lima'",
      );

      // The coordination marks her paid: the server posts the notice to the push service (the receiver)...
      expect(
        (await admin.patch(`/api/registrations/${id}`, { data: { status_pagamento: "confirmado" } })).status(),
      ).toBe(200);
      await ui.app.app.notices.sendDue();
      const [sent] = receiver.to(phone.id);
      expect(sent.payload.titulo).toBe("Pagamento confirmado");
      // ...and the push service hands it to the phone's worker, which shows it.
      const shownNotice = () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration("/");
          const [n] = (await registration?.getNotifications()) ?? [];
          return n ? { title: n.title, body: n.body } : null;
        });
      // DevTools says nothing of a delivery's outcome, and under a whole suite's load one was lost at times.
      // A push service keeps a message until the phone takes it: the same message (one tag, so one notice) is
      // handed again when no notice shows within 5 s, three times at most.
      const push = await pushServiceOf(page, ui.app.baseUrl);
      for (let tries = 1; ; tries++) {
        await push(JSON.stringify(sent.payload));
        try {
          await expect.poll(shownNotice, { timeout: 5_000 }).not.toBeNull();
          break;
        } catch (err) {
          if (tries === 3) throw err;
        }
      }
      const notification = (await shownNotice()) as { title: string; body: string };
      expect(notification.title).toBe("Pagamento confirmado");
      expect(notification.body).toMatch(/^Rita \(JDJ[0-9A-Z]{4}\): a coordenação confirmou o pagamento\./);

      // Tapping it: the worker gets the click a phone's notification tray gives, and opens "Minha inscrição".
      const [worker] = context.serviceWorkers().filter((w) => w.url().endsWith("/avisos-sw.js"));
      await worker.evaluate(async () => {
        // Worker types: the tests compile with the DOM's.
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          dispatchEvent(e: Event): boolean;
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        };
        const [n] = await scope.registration.getNotifications();
        const click = new scope.NotificationEvent("notificationclick", { notification: n });
        const pending: Promise<unknown>[] = [];
        // A tray's click is trusted and may be waited on; this one is made here, so its waits are collected.
        Object.defineProperty(click, "waitUntil", { value: (p: Promise<unknown>) => pending.push(p) });
        scope.dispatchEvent(click);
        await Promise.all(pending);
      });
      await page.waitForURL((url) => url.pathname === "/minha-inscricao", WAIT);
      const section = page.getByRole("region", { name: "Avisos neste celular" });
      await section.getByRole("button", { name: "Parar avisos" }).waitFor(WAIT);
      await page.getByText(/^Pago em \d\d\/\d\d, PIX$/).waitFor(WAIT);

      // "Parar avisos": the server forgets the phone.
      await section.getByRole("button", { name: "Parar avisos" }).click();
      await section.getByRole("button", { name: "Receber avisos neste celular" }).waitFor(WAIT);
      await section.scrollIntoViewIfNeeded();
      await shotAt360(page, "avisos-desligados", true);
      const [{ n }] = await ui.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM aviso_assinaturas");
      expect(n).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('"Mensagens" sends a list as notices in one tap and keeps the WhatsApp rows for the rest', async () => {
    if (!receiver) throw new Error("sem receptor");
    const panel = await coordination(ui);
    await ui.app.db.query("DELETE FROM registrations");
    const register = async (nome: string, numero: string) =>
      (
        await panel.request.post("/api/registrations", {
          data: { nome_completo: nome, idade: 20, numero_responsavel: numero, metodo_pagamento: "PIX" },
        })
      ).json() as Promise<{ id: string; upload_token: string; referencia: string }>;
    const withNotices = await register("Sara Aviso", "98911223344");
    await register("Téo WhatsApp", "98955667788");
    const phone = receiver.subscription();
    const subscribed = await panel.request.post("/api/avisos", {
      data: { ...phone.json, inscricoes: [{ id: withNotices.id, token: withNotices.upload_token }] },
    });
    expect(subscribed.status()).toBe(200);
    const made = await panel.request.post("/api/mensagens/listas", {
      data: {
        grupo: "pendentes",
        texto_chave: "lembrete_pagamento",
        texto: "Olá! Falta pagar:\n• {nome} (código {codigo}): {valor} – {link}",
      },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };

    const context = await newContext(ui.browser, "phone", { baseURL: ui.app.baseUrl });
    try {
      const page = await context.newPage();
      expect((await page.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
      await page.goto(`/admin/mensagens?lista=${id}`);
      const card = page.getByRole("region", { name: "Aviso no celular" });
      await card.getByText("1 recebe aviso no celular, 1 por WhatsApp").waitFor(WAIT);
      await shotAt360(page, "mensagens-aviso-no-celular");
      expect(await axeViolations(page)).toEqual([]);
      await card.getByRole("button", { name: "Enviar aviso no celular (1 pessoa)" }).click();
      await page.getByText("✓ Aviso no celular em", { exact: false }).waitFor(WAIT);
      await card.waitFor({ state: "detached", ...WAIT });
      await page.getByRole("link", { name: "Abrir WhatsApp: Téo WhatsApp" }).waitFor(WAIT);
      await shotAt360(page, "mensagens-aviso-enviado");
      await ui.app.app.notices.sendDue();
      expect(receiver.to(phone.id).map((r) => r.payload.corpo)).toEqual([
        `Olá! Falta pagar:\n• Sara (código ${withNotices.referencia}): R$ 15,00 – toque aqui para abrir a inscrição`,
      ]);
    } finally {
      await context.close();
      await panel.close();
    }
  }, 60_000);

  it("tells an iPhone outside the home screen what to do, in one line", async () => {
    const context = await ui.browser.newContext({
      baseURL: ui.app.baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "pt-BR",
      reducedMotion: "reduce",
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    });
    try {
      await coordination(ui);
      const page = await context.newPage();
      const res = await page.request.post("/api/registrations", {
        data: { nome_completo: "Iara iPhone", idade: 22, numero_responsavel: "98955556666", metodo_pagamento: "PIX" },
      });
      const reg = (await res.json()) as { id: string; upload_token: string };
      await page.goto(`/minha-inscricao#${reg.id}.${reg.upload_token}`);
      const section = page.getByRole("region", { name: "Avisos neste celular" });
      await section.getByText(/^No iPhone, os avisos só funcionam com o site salvo na Tela de Início/).waitFor(WAIT);
      expect(await section.getByRole("button").count()).toBe(0);
      await section.scrollIntoViewIfNeeded();
      await shotAt360(page, "avisos-iphone", true);
    } finally {
      await context.close();
    }
  }, 60_000);
});
