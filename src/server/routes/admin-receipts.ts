import type { FastifyReply } from "fastify";
import * as z from "zod/mini";
import { idParamsSchema } from "../../shared/admin-api";
import { HttpError } from "../http-error";
import type { RoutePlugin } from "../plugins/zod-validation";
import {
  listReceiptVersions,
  readReceipt,
  readReceiptVersion,
  type StoredReceipt,
} from "../receipts/receipt-repository";

export const RECEIPT_NOT_FOUND = "Esta inscrição não tem comprovante.";
export const VERSION_NOT_FOUND = "Versão do comprovante não encontrada.";

const versionParamsSchema = z.object({
  id: idParamsSchema.shape.id,
  version: z.string().check(z.regex(/^[1-9]\d{0,17}$/, VERSION_NOT_FOUND)),
});

/** nosniff and an explicit type keep a crafted file from running as a page. */
function sendReceipt(reply: FastifyReply, receipt: StoredReceipt, fallbackName: string) {
  const ext = receipt.path.split(".").pop();
  const name = `comprovante-${receipt.referencia ?? fallbackName}.${ext}`;
  return reply
    .header("Content-Type", receipt.content_type)
    .header("Content-Disposition", `inline; filename="${name}"`)
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", "private, no-store")
    .header(
      "Content-Security-Policy",
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
    )
    .send(Buffer.from(receipt.data));
}

/** A registration's receipt for the panel, and the earlier versions a replacement kept. */
const adminReceiptRoutes: RoutePlugin = async (app) => {
  app.get(
    "/api/registrations/:id/receipt",
    { config: { equipe: true }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const receipt = await readReceipt(app.db, request.params.id);
      if (!receipt) throw new HttpError(404, RECEIPT_NOT_FOUND);
      return sendReceipt(reply, receipt, request.params.id);
    },
  );

  app.get(
    "/api/registrations/:id/receipts",
    { config: { equipe: true }, schema: { params: idParamsSchema } },
    async (request) => listReceiptVersions(app.db, request.params.id),
  );

  app.get(
    "/api/registrations/:id/receipts/:version",
    { config: { equipe: true }, schema: { params: versionParamsSchema } },
    async (request, reply) => {
      const receipt = await readReceiptVersion(app.db, request.params.id, request.params.version);
      if (!receipt) throw new HttpError(404, VERSION_NOT_FOUND);
      return sendReceipt(reply, receipt, `${request.params.id}-v${request.params.version}`);
    },
  );
};

export default adminReceiptRoutes;
