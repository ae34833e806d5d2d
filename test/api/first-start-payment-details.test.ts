import { describe, expect } from "vitest";
import type { PublicFormStatus } from "../../src/shared/api-types";
import { FORM_MESSAGES } from "../../src/shared/admin-api";
import type { SettingsView } from "../../src/shared/event-settings";
import { apiTest, person } from "../support/api-fixtures";
import { DB_KINDS } from "../support/test-database";

describe.each(DB_KINDS)("the first start with the sample PIX key and WhatsApp, on %s", (kind) => {
  // As `npm start` on a fresh machine: neither PIX_KEY nor WHATSAPP_NUMBER in the environment.
  const test = apiTest(kind, {
    env: { PIX_KEY: undefined, WHATSAPP_NUMBER: undefined } as unknown as Record<string, string>,
  });

  test("keeps the form closed until the coordination sets its own, and says so", async ({ t, adminSession }) => {
    const status = (await t.app.inject({ url: "/api/form-status" })).json() as PublicFormStatus;
    expect(status.is_open).toBe(false);
    expect(status.falta_configurar).toEqual(["pix_chave", "whatsapp"]);
    const refused = await adminSession.inject("PUT", "/api/form-status", { is_open: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(FORM_MESSAGES.paymentDetailsFirst(["pix_chave", "whatsapp"]));
    expect(refused.json().error).toBe(
      "Antes de abrir as inscrições, cadastre a chave PIX e o WhatsApp da coordenação em Configurações (ainda estão os de exemplo).",
    );
    const closed = await t.app.inject({ method: "POST", url: "/api/registrations", payload: person() });
    expect(closed.statusCode).toBe(409);

    // The PIX key alone is not enough.
    const view = (await adminSession.inject("GET", "/api/settings")).json() as SettingsView;
    const saved = await adminSession.inject("PUT", "/api/settings", {
      ...view.values,
      pix_chave: "tesouraria@paroquia.org.br",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const one = (await t.app.inject({ url: "/api/form-status" })).json() as PublicFormStatus;
    expect(one.falta_configurar).toEqual(["whatsapp"]);
    expect((await adminSession.inject("PUT", "/api/form-status", { is_open: true })).json().error).toBe(
      "Antes de abrir as inscrições, cadastre o WhatsApp da coordenação em Configurações (ainda está o de exemplo).",
    );

    const both = await adminSession.inject("PUT", "/api/settings", {
      ...view.values,
      pix_chave: "tesouraria@paroquia.org.br",
      whatsapp: "5598981234567",
    });
    expect(both.statusCode, both.body).toBe(200);
    const ready = (await t.app.inject({ url: "/api/form-status" })).json() as PublicFormStatus;
    expect(ready.falta_configurar).toBeUndefined();
    expect(ready.is_open).toBe(false);
    expect((await adminSession.inject("PUT", "/api/form-status", { is_open: true })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/api/registrations", payload: person() })).statusCode).toBe(201);

    // Open, a sample cannot come back: not by "Restaurar padrão", nor typed again.
    const restore = await adminSession.inject("DELETE", "/api/settings/pix_chave");
    expect(restore.statusCode).toBe(409);
    expect(restore.json().error).toBe(
      "Com as inscrições abertas, não é possível voltar à chave PIX de exemplo: o dinheiro das famílias iria para uma conta que não é da coordenação. Digite a chave PIX da coordenação ou feche as inscrições antes.",
    );
    const typed = await adminSession.inject("PUT", "/api/settings", {
      ...view.values,
      pix_chave: "tesouraria@paroquia.org.br",
      whatsapp: "(98) 99999-9999",
    });
    expect(typed.statusCode).toBe(409);
    expect(typed.json().error).toBe(FORM_MESSAGES.samplesWhileOpen(["whatsapp"]));
    const kept = (await t.app.inject({ url: "/api/form-status" })).json() as PublicFormStatus;
    expect(kept).toMatchObject({ is_open: true });
    expect(kept.falta_configurar).toBeUndefined();

    // Brought back from elsewhere (psql, another instance): the form closes, as at a start with the samples.
    await t.db.query(
      "UPDATE event_settings SET valor = to_jsonb($1::text), origem = 'ambiente' WHERE chave = 'pix_chave'",
      [view.values.pix_chave],
    );
    await expect
      .poll(async () => ((await t.app.inject({ url: "/api/form-status" })).json() as PublicFormStatus).is_open)
      .toBe(false);
    expect((await t.app.inject({ method: "POST", url: "/api/registrations", payload: person() })).statusCode).toBe(409);
    // Closed, "Restaurar padrão" works as before.
    expect((await adminSession.inject("DELETE", "/api/settings/whatsapp")).statusCode).toBe(200);
  });
});
