import { FORM_MESSAGES } from "../../shared/admin-api";
import { type EventSettings, eventSettingsSchema, settingKeyParamsSchema } from "../../shared/event-settings";
import { HttpError } from "../http-error";
import { readFormStatus } from "../registrations/form-status-repository";
import type { RoutePlugin } from "../plugins/zod-validation";
import { restoreDefault, saveSettings } from "../settings/settings-repository";

/** GET /api/config: what the pages show, public; pages ask again when the stream says the settings changed. */
export const publicConfigRoutes: RoutePlugin = async (app) => {
  app.get("/api/config", async (_request, reply) => {
    reply.header("Cache-Control", "no-cache");
    return app.eventSettings.publicConfig();
  });
};

/** "Configurações" (Coordenação): read, save, and bring a field back to the environment's value. */
export const adminSettingsRoutes: RoutePlugin = async (app) => {
  /** A sample PIX key or WhatsApp is refused while families are signing up (the form opens only without them). */
  async function refuseSamplesWhileOpen(next: EventSettings): Promise<void> {
    const samples = app.eventSettings.samplesIn(next);
    if (samples.length > 0 && (await readFormStatus(app.db)).is_open)
      throw new HttpError(409, FORM_MESSAGES.samplesWhileOpen(samples));
  }

  app.get("/api/settings", async () => app.eventSettings.view());

  app.put("/api/settings", { schema: { body: eventSettingsSchema } }, async (request) => {
    await refuseSamplesWhileOpen(request.body);
    await saveSettings(request.actorDb, request.body);
    await app.eventSettings.reload();
    return app.eventSettings.view();
  });

  app.delete("/api/settings/:chave", { schema: { params: settingKeyParamsSchema } }, async (request) => {
    const { defaults } = app.eventSettings;
    await refuseSamplesWhileOpen({
      ...app.eventSettings.current(),
      [request.params.chave]: defaults[request.params.chave],
    });
    await restoreDefault(request.actorDb, request.params.chave, defaults);
    await app.eventSettings.reload();
    return app.eventSettings.view();
  });
};
