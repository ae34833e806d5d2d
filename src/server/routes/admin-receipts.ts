import { idParamsSchema } from "../../shared/admin-api";
import { HttpError } from "../http-error";
import type { RoutePlugin } from "../plugins/zod-validation";
import { readReceipt } from "../receipts/receipt-repository";

export const RECEIPT_NOT_FOUND = "Esta inscrição não tem comprovante.";

/** A registration's receipt, for the panel. nosniff and an explicit type keep a crafted file from running as a page. */
const adminReceiptRoutes: RoutePlugin = async (app) => {
  app.get("/api/registrations/:id/receipt", { schema: { params: idParamsSchema } }, async (request, reply) => {
    const receipt = await readReceipt(app.db, request.params.id);
    if (!receipt) throw new HttpError(404, RECEIPT_NOT_FOUND);
    const ext = receipt.path.split(".").pop();
    const name = `comprovante-${receipt.referencia ?? request.params.id}.${ext}`;
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
  });
};

export default adminReceiptRoutes;
