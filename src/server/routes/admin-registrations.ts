import type { FastifyReply } from "fastify";
import * as z from "zod/mini";
import { idParamsSchema, listQuerySchema } from "../../shared/admin-api";
import type { PaymentStatus } from "../../shared/constants";
import { firstMessage, MESSAGES, paymentStatusSchema, registrationEditSchema } from "../../shared/registration-schema";
import { HttpError } from "../http-error";
import type { RoutePlugin } from "../plugins/zod-validation";
import { exportFileName } from "../registrations/export-format";
import { csvExport } from "../registrations/export-csv";
import { xlsxExport } from "../registrations/export-xlsx";
import { exportRegistrations, listRegistrations, registrationStats } from "../registrations/list-registrations";
import { refusingSamePerson } from "../registrations/same-person";
import { editRegistration, readRegistration } from "../registrations/update-registration";
import { deleteWithMoney, markPaid, markUnpaid } from "../payments/payment-actions";
import { deleteMoneySchema } from "../../shared/finance";
import { moveRegistration } from "../seats/seat-moves";
import { seatMoveSchema } from "../../shared/seats";
import { TEAM_MESSAGES } from "../../shared/team";
import { companionSchema } from "../../shared/companions";
import { addCompanion } from "../companions/add-companion";

// PostgreSQL text cannot hold NUL: a search with one would fail in the database (500) instead of being refused.
const serverListQuerySchema = listQuerySchema.check(
  z.refine((query) => !query.q.includes("\u0000"), "Busca contém caracteres inválidos."),
);

const statusOnlySchema = z.strictObject(
  { status_pagamento: paymentStatusSchema },
  { error: (iss) => (iss.code === "unrecognized_keys" ? MESSAGES.unknownField : MESSAGES.invalidPayload) },
);

/** `saude=1` on an export: health notes are sensitive, in the file only when asked for (decision 037). */
const wantsHealth = (url: string) => new URL(url, "http://caravana").searchParams.get("saude") === "1";

type Patch =
  | { kind: "payment"; status: PaymentStatus }
  | { kind: "edit"; edit: z.output<typeof registrationEditSchema> };

/**
 * The spec's PATCH takes status_pagamento alone ("Marcar Pago" and its undo)
 * or the whole edit set. The body's shape says which, and it is parsed with
 * that one schema, so the answer carries the field's own message ("Idade
 * mínima: 4 anos") instead of a union's generic one.
 */
function parsePatch(body: unknown): Patch {
  const statusOnly =
    typeof body === "object" && body !== null && Object.keys(body).length === 1 && "status_pagamento" in body;
  if (statusOnly) {
    const result = statusOnlySchema.safeParse(body);
    if (!result.success) throw new HttpError(400, firstMessage(result.error));
    return { kind: "payment", status: result.data.status_pagamento };
  }
  const result = registrationEditSchema.safeParse(body);
  if (!result.success) throw new HttpError(400, firstMessage(result.error));
  return { kind: "edit", edit: result.data };
}

/**
 * Reads the first batch before anything is sent, so a failing database gets a
 * clean pt-BR 500 instead of a cut-off download.
 */
async function firstBatchRead<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
}

/** Admin routes under /api/registrations; the public POST lives in registrations.ts. */
const adminRegistrationRoutes: RoutePlugin = async (app) => {
  app.get(
    "/api/registrations",
    { config: { equipe: true }, schema: { querystring: serverListQuerySchema } },
    async (request) => listRegistrations(app.db, request.query),
  );

  app.get("/api/registrations/stats", { config: { equipe: true } }, async () => registrationStats(app.db));

  app.get("/api/registrations/:id", { config: { equipe: true }, schema: { params: idParamsSchema } }, async (request) =>
    readRegistration(app.db, request.params.id),
  );

  // Equipe marks payments; only Coordenação edits the rest.
  app.patch(
    "/api/registrations/:id",
    { config: { equipe: true }, schema: { params: idParamsSchema } },
    async (request) => {
      const patch = parsePatch(request.body);
      const { id } = request.params;
      if (patch.kind === "payment") {
        return patch.status === "confirmado" ? markPaid(request.actorDb, id) : markUnpaid(request.actorDb, id);
      }
      if (request.admin?.papel !== "coordenacao") throw new HttpError(403, TEAM_MESSAGES.forbidden);
      return refusingSamePerson(() => editRegistration(request.actorDb, id, patch.edit));
    },
  );

  // "Adicionar acompanhante": Coordenação adds an adult who travels with the youth (shared/companions.ts).
  app.post("/api/registrations/acompanhantes", { schema: { body: companionSchema } }, async (request, reply) =>
    reply.status(201).send(await refusingSamePerson(() => addCompanion(request.actorDb, request.body))),
  );

  // Seats: a move (docs/decisions/025). Unpaid seats free themselves by their deadlines (routes/admin-deadlines.ts).
  app.put(
    "/api/registrations/:id/seat",
    { schema: { params: idParamsSchema, body: seatMoveSchema } },
    async (request) => refusingSamePerson(() => moveRegistration(request.actorDb, request.params.id, request.body)),
  );

  app.delete(
    "/api/registrations/:id",
    { schema: { params: idParamsSchema, querystring: deleteMoneySchema } },
    async (request, reply) => {
      await deleteWithMoney(request.actorDb, request.admin!, request.params.id, request.query);
      return reply.status(204).send();
    },
  );

  const zone = () => app.eventSettings.current().fuso_horario;
  const sendExport = (reply: FastifyReply, ext: "xlsx" | "csv", type: string, stream: NodeJS.ReadableStream) =>
    reply
      .header("Content-Type", type)
      .header(
        "Content-Disposition",
        `attachment; filename="${exportFileName(app.eventSettings.current().titulo, ext, zone())}"`,
      )
      .send(stream);

  app.get(
    "/api/registrations/export.xlsx",
    { schema: { querystring: serverListQuerySchema } },
    async (request, reply) =>
      sendExport(
        reply,
        "xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        xlsxExport(
          await firstBatchRead(exportRegistrations(app.db, request.query, zone(), undefined, wantsHealth(request.url))),
          wantsHealth(request.url),
        ),
      ),
  );

  app.get("/api/registrations/export.csv", { schema: { querystring: serverListQuerySchema } }, async (request, reply) =>
    sendExport(
      reply,
      "csv",
      "text/csv; charset=utf-8",
      csvExport(
        await firstBatchRead(exportRegistrations(app.db, request.query, zone(), undefined, wantsHealth(request.url))),
        wantsHealth(request.url),
      ),
    ),
  );
};

export default adminRegistrationRoutes;
