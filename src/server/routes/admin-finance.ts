import { randomUUID } from "node:crypto";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { idParamsSchema } from "../../shared/admin-api";
import {
  adjustSchema,
  confirmLineSchema,
  csvColumnsSchema,
  expenseSchema,
  FINANCE_MESSAGES,
  handoverSchema,
  lineParamsSchema,
  linesQuerySchema,
  numericParamsSchema,
  refundDecisionSchema,
} from "../../shared/finance";
import { firstMessage } from "../../shared/registration-schema";
import { dayIn } from "../../shared/dates";
import { readAccounts } from "../finance/accounts";
import { accountsXlsx } from "../finance/accounts-xlsx";
import { cashView, confirmHandover, registerHandover } from "../finance/cash-custody";
import { addExpense, expenseReceipt, listExpenses, removeExpense } from "../finance/expenses";
import { importStatement } from "../finance/import-statement";
import { decideRefund, listRefunds } from "../finance/refunds";
import { paidWithoutSeat } from "../finance/paid-without-seat";
import { confirmLine, ignoreLine } from "../finance/resolve-statement-line";
import { listLines } from "../finance/statement-lines";
import { StatementError } from "../finance/statement/statement-line";
import { MAX_STATEMENT_BYTES } from "../finance/statement/decode-statement";
import { ReadingQueue } from "../finance/statement/reading-queue";
import { UUID_PATTERN } from "../../shared/constants";
import { HttpError } from "../http-error";
import type { RoutePlugin } from "../plugins/zod-validation";
import { adjustAmount, paymentHistory } from "../payments/payment-actions";
import { detectReceiptType } from "../receipts/file-type";
import { exportFileName } from "../registrations/export-format";

const TOO_LARGE = "O arquivo passa de 5 MB. Exporte um período menor.";
const ticketParams = z.object({ ticket: z.string().check(z.regex(UUID_PATTERN, "Envio não encontrado.")) });

/** The form's text fields and its one file (optional), read within the multipart limits. */
async function readForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: { name: string; data: Buffer } | null }> {
  if (!request.isMultipart()) throw new HttpError(415, "Envie o arquivo como multipart/form-data.");
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const data = await part.toBuffer();
        if (file) throw new HttpError(400, "Envie um único arquivo.");
        file = { name: part.filename.replace(/^.*[\\/]/, ""), data };
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, TOO_LARGE);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw new HttpError(400, "Envie um único arquivo.");
    request.log.warn({ code }, "multipart inválido");
    throw new HttpError(400, "O envio chegou incompleto. Tente de novo.");
  }
  return { fields, file };
}

function parse<T extends z.ZodMiniType>(schema: T, value: unknown): z.output<T> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new HttpError(400, firstMessage(result.error));
  return result.data;
}

const handoverParams = numericParamsSchema(FINANCE_MESSAGES.handoverNotFound);
const refundParams = numericParamsSchema(FINANCE_MESSAGES.refundNotFound);
const expenseParams = numericParamsSchema(FINANCE_MESSAGES.expenseNotFound);

/** /api/finance ("Financeiro"): Coordenação, except each person's own cash and handovers. */
const adminFinanceRoutes: RoutePlugin = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 8, parts: 9, headerPairs: 20, fieldNameSize: 100 },
  });
  const zone = () => app.eventSettings.current().fuso_horario;

  const readings = new ReadingQueue();
  app.get("/api/finance/statements/queue/:ticket", { schema: { params: ticketParams } }, async (request) => ({
    lugar: readings.place(request.params.ticket),
  }));

  app.post("/api/finance/statements", async (request, reply) => {
    const { fields, file } = await readForm(request);
    if (!file) throw new HttpError(400, "Escolha o arquivo do extrato.");
    const columns = fields.colunas ? parse(csvColumnsSchema, safeJson(fields.colunas)) : undefined;
    try {
      const outcome = await importStatement(
        request.actorDb,
        request.admin!,
        { name: file.name, bytes: file.data },
        {
          columns,
          zone: zone(),
          today: dayIn(new Date(), zone()),
          // A new CSV mapping shows its first lines before it writes anything.
          preview: fields.previa === "1",
          queue: readings,
          ticket: UUID_PATTERN.test(fields.leitura ?? "") ? fields.leitura.toLowerCase() : randomUUID(),
        },
      );
      if (outcome.kind === "columns")
        return reply
          .status(422)
          .send({ error: FINANCE_MESSAGES.columnsNeeded, colunas: outcome.colunas, exemplo: outcome.exemplo });
      if (outcome.kind === "preview") return { previa: outcome.preview };
      return outcome.result;
    } catch (err) {
      if (err instanceof StatementError) throw new HttpError(400, err.message);
      throw err;
    }
  });

  app.get("/api/finance/columns", async () =>
    app.db.query("SELECT banco, data, valor, descricao, identificador FROM extrato_colunas ORDER BY banco"),
  );

  app.get("/api/finance/lines", { schema: { querystring: linesQuerySchema } }, async (request) =>
    listLines(app.db, request.query.grupo),
  );

  app.post(
    "/api/finance/lines/:id/confirm",
    { schema: { params: lineParamsSchema, body: confirmLineSchema } },
    async (request) =>
      confirmLine(
        request.actorDb,
        request.admin!,
        request.params.id,
        request.body.inscricao_ids ?? [request.body.inscricao_id as string],
      ),
  );

  app.post("/api/finance/lines/:id/ignore", { schema: { params: lineParamsSchema } }, async (request) =>
    ignoreLine(request.actorDb, request.admin!, request.params.id),
  );

  app.get("/api/finance/cash", { config: { equipe: true } }, async (request) => cashView(app.db, request.admin!));

  app.post(
    "/api/finance/handovers",
    { config: { equipe: true }, schema: { body: handoverSchema } },
    async (request, reply) =>
      reply.status(201).send(await registerHandover(request.actorDb, request.admin!, request.body)),
  );

  // Only Coordenação receives handovers, so only they confirm one.
  app.post("/api/finance/handovers/:id/confirm", { schema: { params: handoverParams } }, async (request) =>
    confirmHandover(request.actorDb, request.admin!, request.params.id),
  );

  app.get("/api/finance/refunds", async () => listRefunds(app.db));
  app.get("/api/finance/paid-without-seat", async () => paidWithoutSeat(app.db));

  app.post(
    "/api/finance/refunds/:id",
    { schema: { params: refundParams, body: refundDecisionSchema } },
    async (request) =>
      decideRefund(request.actorDb, request.admin!, request.params.id, request.body, dayIn(new Date(), zone())),
  );

  app.get("/api/finance/expenses", async () => listExpenses(app.db));

  app.post("/api/finance/expenses", async (request, reply) => {
    const { fields, file } = await readForm(request);
    const input = parse(expenseSchema, fields);
    let receipt: { data: Buffer; type: string } | null = null;
    if (file?.data.length) {
      const type = detectReceiptType(file.data.subarray(0, 16));
      if (!type) throw new HttpError(415, "O comprovante deve ser uma foto (JPG, PNG, WEBP, HEIC) ou um PDF.");
      receipt = { data: file.data, type: type.mime };
    }
    return reply.status(201).send(await addExpense(request.actorDb, request.admin!, input, receipt));
  });

  app.delete("/api/finance/expenses/:id", { schema: { params: expenseParams } }, async (request, reply) => {
    await removeExpense(request.actorDb, request.params.id);
    return reply.status(204).send();
  });

  app.get("/api/finance/expenses/:id/receipt", { schema: { params: expenseParams } }, async (request, reply) => {
    const receipt = await expenseReceipt(app.db, request.params.id);
    if (!receipt) throw new HttpError(404, "Esta despesa não tem comprovante.");
    return reply
      .header("Content-Type", receipt.type)
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, no-store")
      .header(
        "Content-Security-Policy",
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
      )
      .send(Buffer.from(receipt.data));
  });

  app.get("/api/finance/accounts", async () => readAccounts(app.db, app.eventSettings.current().fuso_horario));

  app.get("/api/finance/accounts.xlsx", async (_request, reply) => {
    const name = exportFileName(app.eventSettings.current().titulo, "xlsx", zone()).replace(
      /^inscricoes-/,
      "prestacao-de-contas-",
    );
    return reply
      .header("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("Content-Disposition", `attachment; filename="${name}"`)
      .send(accountsXlsx(await readAccounts(app.db, app.eventSettings.current().fuso_horario)));
  });

  app.post(
    "/api/registrations/:id/adjust",
    { schema: { params: idParamsSchema, body: adjustSchema } },
    async (request) => adjustAmount(request.actorDb, request.params.id, request.body),
  );

  app.get(
    "/api/registrations/:id/payments",
    { config: { equipe: true }, schema: { params: idParamsSchema } },
    async (request) => paymentHistory(app.db, request.params.id),
  );
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, FINANCE_MESSAGES.columnsNeeded);
  }
}

export default adminFinanceRoutes;
