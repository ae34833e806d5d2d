import { describe, expect, it } from "vitest";
import { shotAt360, WAIT } from "../support/browser";
import { withNewPages } from "../support/lent-pages";
import { ADMIN_PASSWORD, startAdminApp } from "../support/browser-admin";
import { checkScreen } from "../support/screen-check";
import { useBrowserApp } from "../support/browser-app";

const FAMILY = "98955551111";

describe("Mensagens, on phones", () => {
  const ui = useBrowserApp(startAdminApp);

  it("sends a payment reminder to the pending group: one row for two siblings, one tap, and a second phone sees it", async () => {
    await withNewPages(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (openPage) => {
      const open = async () => {
        const page = await openPage();
        return { context: page.context(), page };
      };
      const { context, page } = await open();
      expect((await page.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
      await page.request.put("/api/form-status", { data: { is_open: true } });
      expect((await page.request.post("/api/buses", { data: { nome: "Ônibus 1", lugares: 4 } })).status()).toBe(201);
      const register = async (nome_completo: string, numero_responsavel: string) => {
        const res = await page.request.post("/api/registrations", {
          data: { nome_completo, idade: 20, numero_responsavel, metodo_pagamento: "PIX" },
        });
        expect(res.status(), await res.text()).toBe(201);
        return (await res.json()) as { id: string; referencia: string; upload_token: string };
      };
      const ana = await register("Ana Souza", FAMILY);
      const bruno = await register("Bruno Souza", FAMILY);
      const carla = await register("Carla Paga", "98955552222");
      const eli = await register("Eli Pendente", "98955553333");
      await register("Davi Espera", "98955554444");
      await page.request.patch(`/api/registrations/${carla.id}`, { data: { status_pagamento: "confirmado" } });

      // From the panel's header to "Mensagens".
      await page.goto("/admin");
      await page.getByRole("link", { name: "Mensagens" }).click();
      await page.getByRole("heading", { name: "Nova lista de mensagens" }).waitFor(WAIT);
      // The waiting list is not a pending payer: Ana, Bruno and Eli.
      await page.getByRole("radio", { name: /Pagamento pendente\s*3 pessoas/ }).check();
      await page.getByText("3 pessoas em 2 mensagens").waitFor(WAIT);
      const bubble = page.locator(".msg-bubble-text");
      await expect.poll(() => bubble.textContent()).toContain(`Ana Souza (código ${ana.referencia})`);
      expect(await bubble.textContent()).toContain(`Bruno Souza (código ${bruno.referencia})`);
      await checkScreen(page, "phone", "mensagens-nova");
      // An unknown field is named before anything is made.
      const text = page.getByLabel("Texto da mensagem");
      const original = await text.inputValue();
      await text.fill(`${original}\n{cidade}`);
      await page
        .getByRole("alert")
        .getByText(/Campo desconhecido: \{cidade\}/)
        .waitFor(WAIT);
      expect(await page.getByRole("button", { name: /Criar lista/ }).isDisabled()).toBe(true);
      await text.fill(original);
      await page.getByRole("button", { name: "Criar lista (2 mensagens)" }).click();
      await page.getByRole("status").getByText("0 de 2 enviadas").waitFor(WAIT);
      const listUrl = page.url();

      // A second phone, a helper of Equipe, opens the same list.
      const helper = await page.request.post("/api/team", { data: { nome: "Rita Ajudante", papel: "equipe" } });
      const { member, password } = (await helper.json()) as { member: { login: string }; password: string };
      const second = await open();
      const login = await second.page.request.post("/api/session", { data: { login: member.login, password } });
      expect(login.status()).toBe(200);
      await second.page.goto(listUrl);
      await second.page.getByRole("status").getByText("0 de 2 enviadas").waitFor(WAIT);

      // One tap: WhatsApp opens with the text for both siblings, and the row is sent.
      await context.route(/^https:\/\/wa\.me\//, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
      );
      const family = page.getByRole("listitem").filter({ hasText: "Ana Souza" });
      await checkScreen(page, "phone", "mensagens-lista");
      const [whatsapp] = await Promise.all([
        context.waitForEvent("page"),
        family.getByRole("link", { name: /^Abrir WhatsApp: Ana Souza, Bruno Souza$/ }).click(),
      ]);
      await whatsapp.waitForURL(/^https:\/\/wa\.me\//, WAIT);
      const url = new URL(whatsapp.url());
      expect(url.pathname).toBe(`/55${FAMILY}`);
      const sent = url.searchParams.get("text") ?? "";
      expect(sent).toContain(`Ana Souza (código ${ana.referencia}): R$ 15,00`);
      expect(sent).toContain(`Bruno Souza (código ${bruno.referencia}): R$ 15,00`);
      // Links go to the site's public address (PUBLIC_URL), whatever address the panel was opened on.
      const site = ui.app.app.eventSettings.publicConfig().publicUrl;
      expect(sent).toContain(`${site}/minha-inscricao#${ana.id}.`);
      expect(sent).toContain(`${site}/minha-inscricao#${bruno.id}.`);
      expect(sent).not.toContain("Eli");
      await whatsapp.close();

      await family.getByText(/✓ Enviada em/).waitFor(WAIT);
      await page.getByRole("status").getByText("1 de 2 enviadas").waitFor(WAIT);
      // The second phone follows without a reload.
      await second.page.getByRole("status").getByText("1 de 2 enviadas").waitFor({ timeout: 5_000 });
      await second.page
        .getByRole("listitem")
        .filter({ hasText: "Ana Souza" })
        .getByText(/✓ Enviada em/)
        .waitFor(WAIT);
      await checkScreen(second.page, "phone", "mensagens-lista-segundo-celular");

      // A phone number in a card opens WhatsApp with a saved text, or calls.
      await page.goto("/admin");
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Eli Pendente" }) });
      await card.getByText("(98) 95555-3333").click();
      await card.getByRole("link", { name: "Ligar para (98) 95555-3333" }).waitFor(WAIT);
      expect(await card.getByRole("link", { name: "Ligar para (98) 95555-3333" }).getAttribute("href")).toBe(
        "tel:+5598955553333",
      );
      await card.getByRole("link", { name: "WhatsApp com texto: Lembrete de pagamento" }).waitFor(WAIT);
      await shotAt360(page, "painel-telefone-whatsapp", true);
      await checkScreen(page, "phone", "painel-telefone-menu");

      // "Selecionar" on the list: the people chosen become the group.
      await page.getByRole("button", { name: "Selecionar" }).click();
      await page.getByRole("checkbox", { name: "Selecionar Davi Espera" }).check();
      await page.getByRole("checkbox", { name: "Selecionar Eli Pendente" }).check();
      await page.getByText("2 inscrições selecionadas").waitFor(WAIT);
      await shotAt360(page, "painel-selecionar", true);
      await checkScreen(page, "phone", "painel-selecionar-lista");
      await page.getByRole("button", { name: "Escrever mensagem" }).click();
      await page.getByRole("radio", { name: /Selecionados na lista\s*2 pessoas/ }).waitFor(WAIT);
      expect(await page.getByRole("radio", { name: /Selecionados na lista/ }).isChecked()).toBe(true);
      await page.getByText("2 pessoas em 2 mensagens").waitFor(WAIT);

      // Eli's family, on its own page, asks for no messages: every group leaves Eli out, and says so.
      const guardian = await open();
      await guardian.page.goto(`/minha-inscricao#${eli.id}.${eli.upload_token}`);
      const eliCard = guardian.page.getByRole("article").filter({ hasText: "Eli Pendente" });
      await eliCard.getByRole("button", { name: "Não quero receber mensagens" }).click();
      await eliCard.getByText(/Você pediu para não receber mensagens sobre esta inscrição\./).waitFor(WAIT);
      await eliCard.getByRole("button", { name: "Voltar a receber mensagens" }).waitFor(WAIT);
      await checkScreen(guardian.page, "phone", "minha-inscricao-sem-mensagens");
      await page.goto("/admin/mensagens");
      await page.getByRole("radio", { name: /Pagamento pendente\s*2 pessoas · 1 não quer mensagens/ }).check();
      await page
        .getByText("2 pessoas em 1 mensagem · 1 ficou de fora (o responsável pediu para não receber mensagens)")
        .waitFor(WAIT);
    });
  }, 150_000);
});
