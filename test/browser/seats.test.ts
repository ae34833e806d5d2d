import { beforeEach, describe, expect, it } from "vitest";
import { toastTitled, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage, withNewPages } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import {
  clearRegistrations,
  openDashboard,
  registrationItem,
  startAdminApp,
  viewportShot,
} from "../support/browser-admin";
import { fillForm, gotoForm } from "../support/browser-visitor";

describe("seats and the waiting list, live", () => {
  const ui = useBrowserApp(startAdminApp);

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    beforeEach(async () => {
      await clearRegistrations(ui.app.db);
      await ui.app.db.query("DELETE FROM onibus");
      await ui.app.db.query("UPDATE form_settings SET is_open = true, updated_at = now()");
    });

    const register = async (nome: string) => {
      const res = await fetch(`${ui.app.baseUrl}/api/registrations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          nome_completo: nome,
          idade: 20,
          numero_responsavel: "98988887777",
          metodo_pagamento: "PIX",
        }),
      });
      expect(res.status).toBe(201);
    };

    it("a 3-seat bus counts down on an open form, then the fourth waits and is promoted when a seat frees", async () => {
      // The panel and a visitor's form, each a context of its own.
      await withNewPages(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (open) => {
        const panel = await open();
        await openDashboard(panel);
        const form = await open();
        await gotoForm(form, vp);
        // No bus yet: no limit, no count.
        expect(await form.getByText(/Restam|Vagas esgotadas/).count()).toBe(0);

        await panel.getByRole("button", { name: "Adicionar ônibus" }).click();
        await panel
          .getByText("O adulto que será indicado na autorização de viagem dos menores de 16 anos.")
          .waitFor(WAIT);
        await panel.getByLabel("Nome do ônibus").fill("Ônibus 1");
        await panel.getByLabel("Lugares").fill("3");
        await panel.getByRole("button", { name: "Salvar" }).click();
        await toastTitled(panel, "Ônibus adicionado").waitFor(WAIT);
        const card = panel.getByRole("region", { name: "Ônibus e vagas" });
        await card.getByRole("heading", { name: "Ônibus 1" }).waitFor(WAIT);

        await form.getByText("Restam 3 vagas").waitFor(WAIT);
        await register("Ana Sentada");
        await form.getByText("Restam 2 vagas").waitFor(WAIT);
        await register("Bia Sentada");
        await form.getByText("Resta 1 vaga").waitFor(WAIT);
        await register("Caio Sentado");
        await form.getByText("Vagas esgotadas").waitFor(WAIT);
        const join = form.getByRole("button", { name: "Entrar na lista de espera" });
        await join.waitFor(WAIT);
        if (vp === "phone") await viewportShot(form, "seats-form-sold-out-phone");

        // The same fields and validation apply.
        await join.click();
        await form.getByText("Nome é obrigatório").waitFor(WAIT);
        await fillForm(form, { name: "Duda Esperando", age: "19", phone: "98977776666" });
        await join.click();
        await form.waitForURL("**/obrigado", WAIT);
        await form.getByRole("heading", { name: "Você está na lista de espera" }).waitFor(WAIT);
        await form.getByText("Sua posição:").waitFor(WAIT);
        expect(await form.getByText("Sua posição:").locator("strong").textContent()).toBe("1º");
        expect(await form.getByText("PIX Copia e Cola").count()).toBe(0);
        expect(await form.getByText("Inscrição Confirmada").count()).toBe(0);
        if (vp === "phone") await viewportShot(form, "seats-thanks-waiting-phone");

        // The panel: the bus is full, one waiting, and the waiting one is listed as such.
        await expect.poll(() => card.textContent(), WAIT).toMatch(/Lugares3Ocupados3Livres0Na lista de espera1/);
        await registrationItem(panel, vp, "Duda Esperando").getByText("Lista de espera #1").waitFor(WAIT);

        // A seated person leaves: the first in line is seated, live, with the WhatsApp notice.
        await registrationItem(panel, vp, "Ana Sentada")
          .getByRole("button", { name: "Excluir inscrição de Ana Sentada" })
          .click();
        await panel.getByRole("dialog").getByRole("button", { name: "Excluir" }).click();
        const promoted = toastTitled(panel, "Duda Esperando saiu da lista de espera");
        await promoted.waitFor(WAIT);
        const notice = promoted.getByRole("link", { name: "Avisar no WhatsApp" });
        const href = (await notice.getAttribute("href")) ?? "";
        expect(href).toMatch(/^https:\/\/wa\.me\/5598977776666\?text=/);
        const message = decodeURIComponent(href.split("text=")[1]);
        expect(message).toContain("Duda Esperando está confirmada no Ônibus 1");
        expect(message).toContain("R$ 15,00");
        expect(message).toMatch(/referência JDJ[2-9A-Z]{4}/);
        await registrationItem(panel, vp, "Duda Esperando").getByText("Ônibus 1").waitFor(WAIT);
        await registrationItem(panel, vp, "Duda Esperando")
          .getByRole("link", { name: "Avisar no WhatsApp" })
          .waitFor(WAIT);
        if (vp === "phone") await viewportShot(panel, "seats-panel-promoted-phone");
        // The form knows the bus is still full.
        await form.goto("/");
        await form.getByText("Vagas esgotadas").waitFor(WAIT);
      });
    });

    it("moves a person to Desistente in the edit dialog, and back while a seat is free", async () => {
      await ui.app.db.query("INSERT INTO onibus (nome, lugares, ordem) VALUES ('Ônibus 1', 2, 1)");
      await register("Edu Desistindo");
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (panel) => {
        await openDashboard(panel);
        const row = registrationItem(panel, vp, "Edu Desistindo");
        await row.getByRole("button", { name: "Editar inscrição de Edu Desistindo" }).click();
        const dialog = panel.getByRole("dialog");
        await dialog.getByLabel("Ônibus").selectOption({ label: "Desistente (libera a vaga)" });
        await dialog.getByRole("button", { name: "Salvar" }).click();
        await row.getByText("Desistente", { exact: true }).waitFor(WAIT);
        const [after] = await ui.app.db.query<{ situacao: string }>("SELECT situacao FROM registrations");
        expect(after.situacao).toBe("desistente");

        await panel.getByLabel("Status", { exact: true }).selectOption({ label: "Desistentes" });
        await row.waitFor(WAIT);
        await row.getByRole("button", { name: "Editar inscrição de Edu Desistindo" }).click();
        await dialog.getByLabel("Ônibus").selectOption({ label: "Ônibus 1 (2 livres)" });
        await dialog.getByRole("button", { name: "Salvar" }).click();
        // The first save's toast may still be showing, so the row leaving this filter is the sign.
        await row.waitFor({ ...WAIT, state: "detached" });
        const [back] = await ui.app.db.query<{ situacao: string }>("SELECT situacao FROM registrations");
        expect(back.situacao).toBe("vaga");
      });
    });
  });
});
