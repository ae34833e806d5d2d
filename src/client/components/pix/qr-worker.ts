// Runs in a module Web Worker (see use-qr-svg.ts): choosing among eight masks
// is long work for a slow phone, and on the main thread it blocked the form
// while it appeared (decision 015).

import { type QrSvg, qrSvg } from "./qr-svg";

/** Asked by the page: draw this payload; `id` pairs the answer with the request. */
export interface QrWorkerRequest {
  id: number;
  payload: string;
}

/** The geometry, or why it could not be computed (the page then computes it itself). */
export type QrWorkerReply = { id: number; svg: QrSvg } | { id: number; error: string };

// The project's TypeScript lib is DOM, not WebWorker: name only what is used here.
const scope = self as unknown as {
  addEventListener(type: "message", listener: (event: MessageEvent<QrWorkerRequest>) => void): void;
  postMessage(reply: QrWorkerReply): void;
};

scope.addEventListener("message", ({ data: { id, payload } }) => {
  try {
    scope.postMessage({ id, svg: qrSvg(payload) });
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
