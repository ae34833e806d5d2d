import { beforeEach, describe, expect, it } from "vitest";
import { newContext, toastTitled, WAIT } from "../support/browser";
import { useBrowserApp } from "../support/browser-app";
import { withNewPage, withNewPages } from "../support/lent-pages";
import {
  ADMIN_PASSWORD,
  clearRegistrations,
  openDashboard,
  startAdminApp,
  viewportShot,
} from "../support/browser-admin";
import {
  addBus,
  boardedInDatabase,
  cuttableRelay,
  openRollCall,
  passenger,
  register,
} from "../support/browser-boarding";

const NAMES = ["Ana Lima", "Bia Melo", "Caio Nunes", "Davi Reis", "Eva Sousa", "Fábio Alves", "Gabi Dias"];

describe("the roll call on a phone", () => {
  const ui = useBrowserApp(startAdminApp);
  let bus2 = "";

  beforeEach(async () => {
    await clearRegistrations(ui.app.db);
    await ui.app.db.query("DELETE FROM onibus");
    await ui.app.db.query("UPDATE form_settings SET is_open = true, updated_at = now()");
    await addBus(ui.app, "Ônibus 1", 46, 1);
    bus2 = await addBus(ui.app, "Ônibus 2", 10, 2);
    // Davi is 15: a minor. The first 46 go to bus 1.
    // Caio still owes: the door's money questions are about him.
    for (const nome of NAMES)
      await register(ui.app, nome, nome.startsWith("Davi") ? 15 : 22, { owes: nome === "Caio Nunes" });
  });

  it("marks five people with no signal, keeps them through a reload, and sends them when the signal returns", async () => {
    // The phone reaches the app through a relay that can be cut: a real dead network.
    const relay = await cuttableRelay(ui.app.baseUrl);
    const context = await newContext(ui.browser, "phone", { baseURL: relay.url });
    const offline = async (on: boolean) => {
      relay.cut(on);
      await context.setOffline(on);
    };
    try {
      const page = await context.newPage();
      await openRollCall(page);
      await page.getByText("0 de 7 embarcados").waitFor(WAIT);
      await expect
        .poll(() => page.getByRole("list", { name: "Passageiros do Ônibus 1" }).getByRole("listitem").count())
        .toBe(7);
      await page.getByText("15 anos").locator("..").getByText("menor").waitFor(WAIT);

      await offline(true);
      for (const nome of NAMES.slice(0, 5)) {
        await passenger(page, nome).click();
        // Caio owes: the phone asks first, with no network too, and boarding him anyway is one more tap.
        if (nome === "Caio Nunes")
          await page
            .getByRole("dialog", { name: "Falta pagar" })
            .getByRole("button", { name: "Embarcar mesmo assim" })
            .click();
        // Recorded on the phone first: the mark is there as soon as the tap returns, with no network at all.
        // Read at once, not waited for: a time bound measured the machine's load, not the page.
        expect(await passenger(page, nome).getAttribute("aria-pressed")).toBe("true");
      }
      await page.getByText("5 de 7 embarcados").waitFor(WAIT);
      await page.getByText("5 aguardando envio").waitFor(WAIT);
      await page.getByText(/Sem conexão: as marcações ficam guardadas/).waitFor(WAIT);
      expect(await page.getByText("aguardando envio", { exact: true }).count()).toBe(5);
      expect(await boardedInDatabase(ui.app)).toEqual([]);

      // A reload with no network: the page, the list and the queue are still there.
      await page.reload();
      await page.getByText("5 de 7 embarcados").waitFor(WAIT);
      await page.getByText("5 aguardando envio").waitFor(WAIT);
      expect(await boardedInDatabase(ui.app), "sent while offline, after the reload").toEqual([]);
      await viewportShot(page, "roll-call-offline-phone");

      // Meanwhile the session ended. The queue waits on the phone through the login, then goes.
      await ui.app.db.query("DELETE FROM admin_sessions");
      await offline(false);
      await page.getByText("Marcações feitas neste aparelho continuam guardadas").waitFor(WAIT);
      expect(await boardedInDatabase(ui.app), "sent with an ended session").toEqual([]);
      await page.getByLabel("Senha", { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByRole("button", { name: "Acessar Painel" }).click();
      await page.getByText("Tudo enviado").waitFor(WAIT);
      expect(await boardedInDatabase(ui.app)).toEqual(NAMES.slice(0, 5));
      expect(await page.getByText("aguardando envio", { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
      await relay.close();
    }
  });

  it("counts a person marked on two phones once, and shows one phone's mark on the other live", async () => {
    await withNewPages(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (open) => {
      const a = await open();
      const b = await open();
      await openRollCall(a);
      await openRollCall(b);

      // Both mark Ana before hearing of the other's mark.
      await b.context().setOffline(true);
      await passenger(b, "Ana Lima").click();
      await b.getByText("1 aguardando envio").waitFor(WAIT);
      await passenger(a, "Ana Lima").click();
      await a.getByText("Tudo enviado").waitFor(WAIT);
      await b.context().setOffline(false);
      await b.getByText("Tudo enviado").waitFor(WAIT);
      expect(await boardedInDatabase(ui.app)).toEqual(["Ana Lima"]);
      const [{ n }] = await ui.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM embarques");
      expect(n).toBe(1);

      // With signal, a mark on A reaches B over the live stream.
      await b.getByText("1 de 7 embarcados").waitFor(WAIT);
      await passenger(a, "Bia Melo").click();
      await expect
        .poll(() => passenger(b, "Bia Melo").getAttribute("aria-pressed"), { timeout: 3000, interval: 50 })
        .toBe("true");
      await b.getByText("2 de 7 embarcados").waitFor(WAIT);

      // An undo on B, made after A's mark, wins on both phones.
      await passenger(b, "Bia Melo").click();
      await expect.poll(() => passenger(a, "Bia Melo").getAttribute("aria-pressed"), WAIT).toBe("false");
      expect(await boardedInDatabase(ui.app)).toEqual(["Ana Lima"]);
    });
  });

  it("'Faltam' lists who is missing with a call link, 'Desfazer' undoes, and cash at the door is recorded", async () => {
    await withNewPage(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (page) => {
      await openRollCall(page);
      await passenger(page, "Ana Lima").click();
      await toastTitled(page, "Ana Lima embarcou").getByRole("button", { name: "Desfazer" }).click();
      await expect.poll(() => passenger(page, "Ana Lima").getAttribute("aria-pressed"), WAIT).toBe("false");
      await passenger(page, "Ana Lima").click();
      await passenger(page, "Bia Melo").click();
      await page.getByText("2 de 7 embarcados").waitFor(WAIT);

      await page.getByLabel("Buscar passageiro").fill("bia");
      await expect.poll(() => page.getByRole("listitem").count(), WAIT).toBe(1);
      await passenger(page, "Bia Melo").waitFor(WAIT);
      await page.getByLabel("Buscar passageiro").fill("");
      await page.getByRole("button", { name: "Faltam (5)" }).click();
      const list = page.getByRole("list", { name: "Passageiros do Ônibus 1" });
      await expect.poll(() => list.getByRole("listitem").count(), WAIT).toBe(5);
      expect(await passenger(page, "Ana Lima").count()).toBe(0);
      const call = page.getByRole("link", { name: "Ligar para o responsável de Caio Nunes" });
      expect(await call.getAttribute("href")).toBe("tel:+5598988887777");
      const whatsapp = page.getByRole("link", { name: "WhatsApp do responsável de Caio Nunes" });
      expect(await whatsapp.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/5598988887777\?text=.*Caio%20Nunes/);
      await page.setViewportSize({ width: 360, height: 780 });
      await viewportShot(page, "roll-call-missing-360");

      const caio = list.getByRole("listitem").filter({ has: passenger(page, "Caio Nunes") });
      expect(await caio.getByText("Não pago").count()).toBe(1);
      // Caio chose PIX: the phone says what will change before it changes, and "Cancelar" changes nothing.
      await caio.getByRole("button", { name: "Recebi em espécie" }).click();
      const ask = page.getByRole("dialog", { name: "Recebi em espécie" });
      await ask.getByText("Caio Nunes escolheu pagar por PIX.", { exact: false }).waitFor(WAIT);
      await viewportShot(page, "roll-call-cash-on-pix-360");
      await ask.getByRole("button", { name: "Cancelar" }).click();
      await ask.waitFor({ state: "detached", ...WAIT });
      expect(await caio.getByText("Não pago").count()).toBe(1);
      await caio.getByRole("button", { name: "Recebi em espécie" }).click();
      await ask.getByRole("button", { name: "Confirmar em espécie" }).click();
      await caio.getByText("Pago", { exact: true }).waitFor(WAIT);
      await page.getByText("Tudo enviado").waitFor(WAIT);
      const [paid] = await ui.app.db.query<{ status_pagamento: string; metodo_pagamento: string }>(
        "SELECT status_pagamento, metodo_pagamento FROM registrations WHERE nome_completo = 'Caio Nunes'",
      );
      expect(paid).toEqual({ status_pagamento: "confirmado", metodo_pagamento: "ESPECIE" });
      expect(await caio.getByRole("button", { name: "Recebi em espécie" }).count()).toBe(0);

      // The trip back has its own roll call.
      await page.getByText("Volta", { exact: true }).click();
      await page.getByText("0 de 7 embarcados").waitFor(WAIT);

      // "Sair" takes the phone's copy of names and phones away; the queue's database stays.
      const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).sort());
      expect(await databases()).toEqual(["caravana-embarque-fila", "caravana-embarque-listas"]);
      await page.getByRole("link", { name: "← Painel" }).click();
      await page.getByRole("button", { name: "Sair" }).click();
      await page.getByLabel("Senha", { exact: true }).waitFor(WAIT);
      await expect.poll(databases, WAIT).toEqual(["caravana-embarque-fila"]);
    });
  });

  it("opens from the panel's 'Embarque', switches bus, and prints one A4 page per bus", async () => {
    const moved = await ui.app.db.query<{ id: string }>(
      "UPDATE registrations SET onibus_id = $1 WHERE nome_completo = 'Gabi Dias' RETURNING id",
      [bus2],
    );
    expect(moved).toHaveLength(1);
    // A full bus of 46 must still fit on its one page.
    await ui.app.db.query(
      `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento)
       SELECT 'Pessoa ' || lpad(g::text, 2, '0'), 20, '98988887777', 'PIX' FROM generate_series(1, 40) g`,
    );
    await withNewPage(ui.browser, "desktop", { baseURL: ui.app.baseUrl }, async (page) => {
      await openDashboard(page);
      await page.getByRole("link", { name: "Embarque" }).click();
      await page.getByText("0 de 46 embarcados").waitFor(WAIT);
      await page.getByRole("combobox", { name: "Ônibus" }).selectOption({ label: "Ônibus 2" });
      await page.getByText("0 de 1 embarcados").waitFor(WAIT);
      await passenger(page, "Gabi Dias").waitFor(WAIT);

      await page.getByRole("link", { name: "Imprimir lista" }).click();
      await page.getByRole("heading", { name: "Ônibus 1" }).waitFor(WAIT);
      const sheet1 = page.getByRole("region", { name: "Ônibus 1" });
      await sheet1.getByText("Total: 46 passageiros de 46 lugares").waitFor(WAIT);
      await sheet1.getByRole("cell", { name: "(98) 98888-7777" }).first().waitFor(WAIT);
      await sheet1.getByRole("columnheader", { name: "Assinatura" }).waitFor(WAIT);
      await page.getByRole("region", { name: "Ônibus 2" }).getByRole("cell", { name: "Gabi Dias" }).waitFor(WAIT);
      const pdf = await page.pdf({ format: "A4" });
      const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
      expect(pages).toHaveLength(2);
    });
  });
});
