import { eventSettingsSchema, settingKeyParamsSchema } from "../../shared/event-settings";
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
  app.get("/api/settings", async () => app.eventSettings.view());

  app.put("/api/settings", { schema: { body: eventSettingsSchema } }, async (request) => {
    await saveSettings(request.actorDb, request.body);
    await app.eventSettings.reload();
    return app.eventSettings.view();
  });

  app.delete("/api/settings/:chave", { schema: { params: settingKeyParamsSchema } }, async (request) => {
    await restoreDefault(request.actorDb, request.params.chave, app.eventSettings.defaults);
    await app.eventSettings.reload();
    return app.eventSettings.view();
  });
};
