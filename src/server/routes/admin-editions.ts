import type { FastifyReply } from "fastify";
import { closeEditionSchema, EDITION_MESSAGES, editionParamsSchema } from "../../shared/editions";
import type { Config } from "../config";
import { closeEdition } from "../editions/close-edition";
import { currentEdition, listEditions, pastEditions } from "../editions/editions-repository";
import { keptBatches, keptRegistrations, purgeExpiredEditions } from "../editions/kept-list";
import { HttpError } from "../http-error";
import type { RoutePlugin } from "../plugins/zod-validation";
import { csvExport } from "../registrations/export-csv";
import { exportFileName } from "../registrations/export-format";
import { xlsxExport } from "../registrations/export-xlsx";
import { editionOpenItems } from "../editions/open-items";

const HOUR_MS = 60 * 60 * 1000;

/** /api/editions: close this year's caravan and read the earlier ones (Coordenação; docs/decisions/038). */
const adminEditionRoutes: RoutePlugin<{ config: Config }> = async (app, opts) => {
  // Kept lists whose days are over are purged at start and every hour, by whichever instance looks first.
  const purge = () =>
    purgeExpiredEditions(app.db).catch((err) => app.log.error({ err }, "falha ao apagar dados de edição vencida"));
  app.addHook("onReady", async () => void purge());
  const timer = setInterval(purge, HOUR_MS).unref();
  app.addHook("onClose", async () => clearInterval(timer));

  app.get("/api/editions", async () => {
    await purge();
    return listEditions(app.db, app.eventSettings.current());
  });

  app.get("/api/editions/open-items", async () => editionOpenItems(app.db));

  app.post("/api/editions/close", { schema: { body: closeEditionSchema } }, async (request) => {
    const backup = await closeEdition(
      {
        db: app.db,
        actorDb: request.actorDb,
        actor: request.admin!,
        settings: app.eventSettings.current(),
        defaults: app.eventSettings.defaults,
        backupDir: opts.config.BACKUP_DIR,
        passphrase: opts.config.BACKUP_PASSPHRASE || undefined,
        // Written out before the close begins: should the server die half-way, its log still says where the backup is.
        onBackup: (file) =>
          new Promise((done) => {
            request.log.info({ backup: file }, "encerramento de edição: backup gravado");
            const log = app.log as typeof app.log & { flush?: (cb: () => void) => void };
            if (log.flush) log.flush(() => done());
            else done();
          }),
      },
      request.body,
    );
    await app.eventSettings.reload();
    const [encerrada] = await pastEditions(app.db, request.body.edicao_id);
    return { backup, encerrada, atual: await currentEdition(app.db, app.eventSettings.current()) };
  });

  /** A closed edition whose list is still kept; 410 once its personal data is gone. */
  const keptEdition = async (id: number) => {
    const [edition] = await pastEditions(app.db, id);
    if (!edition) throw new HttpError(404, EDITION_MESSAGES.notFound);
    if (edition.dados_apagados_em) throw new HttpError(410, EDITION_MESSAGES.purged);
    return edition;
  };

  app.get("/api/editions/:id/registrations", { schema: { params: editionParamsSchema } }, async (request) => {
    await purge();
    await keptEdition(request.params.id);
    return keptRegistrations(app.db, request.params.id);
  });

  const sendKept = async (reply: FastifyReply, id: number, url: string, ext: "xlsx" | "csv") => {
    await purge();
    const edition = await keptEdition(id);
    const withHealth = new URL(url, "http://x").searchParams.get("saude") === "1";
    const batches = keptBatches(app.db, id, withHealth);
    return reply
      .header(
        "Content-Type",
        ext === "xlsx"
          ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          : "text/csv; charset=utf-8",
      )
      .header(
        "Content-Disposition",
        `attachment; filename="${exportFileName(edition.nome, ext, app.eventSettings.current().fuso_horario)}"`,
      )
      .send(ext === "xlsx" ? xlsxExport(batches, withHealth) : csvExport(batches, withHealth));
  };
  app.get("/api/editions/:id/export.xlsx", { schema: { params: editionParamsSchema } }, async (request, reply) =>
    sendKept(reply, request.params.id, request.url, "xlsx"),
  );
  app.get("/api/editions/:id/export.csv", { schema: { params: editionParamsSchema } }, async (request, reply) =>
    sendKept(reply, request.params.id, request.url, "csv"),
  );
};

export default adminEditionRoutes;
