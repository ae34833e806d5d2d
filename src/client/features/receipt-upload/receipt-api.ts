import type { ReceiptStored } from "../../../shared/api-types";
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR } from "../../lib/api";
import type { PreparedReceipt } from "./prepare-receipt";

/**
 * POST /api/registrations/:id/receipt with the registration's upload token.
 * XMLHttpRequest rather than fetch: only it reports upload progress.
 * `onProgress` gets the share sent so far, 0 to 1. Failures are ApiError with
 * the server's pt-BR message.
 */
export function uploadReceipt(
  registrationId: string,
  uploadToken: string,
  file: PreparedReceipt,
  onProgress: (fraction: number) => void,
): Promise<ReceiptStored> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/registrations/${encodeURIComponent(registrationId)}/receipt`);
    xhr.setRequestHeader("Authorization", `Bearer ${uploadToken}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's HTML error page: fall back to the generic message below.
      }
      if (xhr.status === 201 && body && typeof body === "object") {
        onProgress(1);
        resolve(body as ReceiptStored);
        return;
      }
      const error =
        body && typeof body === "object" && "error" in body && typeof body.error === "string"
          ? body.error
          : UNKNOWN_ERROR;
      reject(new ApiError(xhr.status, error));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR));
    xhr.ontimeout = () => reject(new ApiError(0, NETWORK_ERROR));
    const form = new FormData();
    form.append("file", file.blob, file.name);
    xhr.send(form);
  });
}
