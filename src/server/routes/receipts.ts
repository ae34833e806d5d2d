import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { idParamsSchema } from "../../shared/admin-api";
import { HttpError } from "../http-error";
import { detectReceiptType } from "../receipts/file-type";
import type { RoutePlugin } from "../plugins/zod-validation";
import { savePayerName, saveReceipt, UPLOADS_PER_DAY, uploadRefusal } from "../receipts/receipt-repository";
import { firstMessage, payerNameSchema } from "../../shared/registration-schema";
import { authorizationDocument } from "../minors/travel-authorization";
import { holdsRegistration } from "../my-registration/access-repository";
import { bearerSecret } from "../auth/token-hash";

export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

export const RECEIPT_MESSAGES = {
  noToken: "Envio não autorizado: abra esta página no aparelho em que fez a inscrição.",
  wrongToken: "Este envio não pertence a esta inscrição.",
  noFile: "Escolha um arquivo para enviar.",
  badName: "Nome de arquivo inválido. Renomeie o arquivo e tente de novo.",
  tooLarge: "O arquivo passa do limite de 5 MB. Envie uma foto menor ou um print da tela.",
  badType: "Formato não aceito. Envie uma foto (JPEG, PNG, WebP ou HEIC) ou um PDF.",
  malformed: "O envio do arquivo chegou incompleto. Tente de novo.",
  confirmed: "O pagamento desta inscrição já foi confirmado pela coordenação: o comprovante não pode mais ser trocado.",
  daily: `Limite de ${UPLOADS_PER_DAY} envios de comprovante por dia para esta inscrição. Tente de novo amanhã ou fale com a coordenação.`,
  perAddress: "Muitos envios de comprovante a partir desta conexão. Aguarde um pouco e tente de novo.",
} as const;

/** Uploads per hour from one client (IPv4 address or IPv6 /64), whatever the registration. */
export const UPLOADS_PER_ADDRESS_PER_HOUR = 20;

const authHeaders = z.object({ authorization: z.optional(z.string()) });
const payerBodySchema = z.strictObject({ nome_pagador: payerNameSchema });

// A name is only a label here (the stored name is random), but a name that
// tries to climb directories or hide control characters marks a hostile client.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const SAFE_FILE_NAME = /^[^/\\\u0000-\u001f\u007f]{1,200}$/;
const isSafeFileName = (name: string) =>
  SAFE_FILE_NAME.test(name) && !name.split(".").every((p) => p === "") && !name.includes("..");

function bearerToken(request: FastifyRequest): string {
  const secret = bearerSecret(request.headers.authorization);
  if (!secret) throw new HttpError(401, RECEIPT_MESSAGES.noToken);
  return secret;
}

/**
 * The visitor who made the registration, with the token it got back: attaches
 * (or replaces) its receipt, and says who pays ("Nome de quem vai pagar").
 */
const receiptRoutes: RoutePlugin = async (app) => {
  // The phone that registered, or one that found the registration or got its link ("Minha inscrição").
  const checkToken = async (id: string, request: FastifyRequest) => {
    if (!(await holdsRegistration(app.db, id, bearerToken(request)))) {
      throw new HttpError(403, RECEIPT_MESSAGES.wrongToken);
    }
  };

  app.get(
    "/api/registrations/:id/authorization-document",
    { schema: { params: idParamsSchema, headers: authHeaders } },
    async (request) => {
      await checkToken(request.params.id, request);
      return authorizationDocument(app.db, request.params.id, app.eventSettings.current());
    },
  );

  app.put(
    "/api/registrations/:id/payer",
    { schema: { params: idParamsSchema, headers: authHeaders } },
    async (request) => {
      // The token first: without it, nothing about the body is answered.
      await checkToken(request.params.id, request);
      const body = z.safeParse(payerBodySchema, request.body ?? {});
      if (!body.success) throw new HttpError(400, firstMessage(body.error));
      await savePayerName(app.db, request.params.id, body.data.nome_pagador ?? null);
      return { nome_pagador: body.data.nome_pagador ?? null };
    },
  );

  await app.register(fastifyMultipart, {
    // Keep the name as sent (busboy would cut it to its last segment) so a hostile one is seen and refused.
    preservePath: true,
    limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20, fieldNameSize: 100 },
  });

  app.post(
    "/api/registrations/:id/receipt",
    {
      schema: { params: idParamsSchema, headers: authHeaders },
      onRequest: app.rateLimit({
        scope: "receipt-uploads",
        limit: UPLOADS_PER_ADDRESS_PER_HOUR,
        windowMs: 60 * 60_000,
        message: RECEIPT_MESSAGES.perAddress,
      }),
    },
    async (request, reply) => {
      await checkToken(request.params.id, request);
      // Refused before the file is read: a locked receipt or a spent allowance costs no upload.
      const refusal = await uploadRefusal(app.db, request.params.id);
      if (refusal) throw new HttpError(409, RECEIPT_MESSAGES[refusal]);
      if (!request.isMultipart()) throw new HttpError(415, RECEIPT_MESSAGES.noFile);

      let data: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new HttpError(400, RECEIPT_MESSAGES.noFile);
        if (!isSafeFileName(file.filename)) {
          file.file.resume(); // drain, store nothing
          throw new HttpError(400, RECEIPT_MESSAGES.badName);
        }
        data = await file.toBuffer();
      } catch (err) {
        if (err instanceof HttpError) throw err;
        const code = (err as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, RECEIPT_MESSAGES.tooLarge);
        if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
          throw new HttpError(400, "Envie um único arquivo.");
        }
        request.log.warn({ code }, "multipart inválido");
        throw new HttpError(400, RECEIPT_MESSAGES.malformed);
      }
      if (data.length === 0) throw new HttpError(400, RECEIPT_MESSAGES.noFile);
      const type = detectReceiptType(data.subarray(0, 16));
      if (!type) throw new HttpError(415, RECEIPT_MESSAGES.badType);

      const saved = await saveReceipt(app.db, request.params.id, type, data);
      if (typeof saved === "string") throw new HttpError(409, RECEIPT_MESSAGES[saved]);
      return reply.status(201).send(saved);
    },
  );
};

export default receiptRoutes;
