// The QR geometry comes from one module Web Worker kept for the page's lifetime,
// so drawing it never blocks the main thread (Total Blocking Time) and, once the
// page has loaded, switching back to PIX works offline. If the worker cannot run,
// the page computes the geometry itself, as it did before.

import { useEffect, useState } from "react";
import type { QrSvg } from "./qr-svg";
import type { QrWorkerReply, QrWorkerRequest } from "./qr-worker";

/** Finished drawings by payload: a panel drawn again shows its code at once. */
const ready = new Map<string, QrSvg>();
/** Drawings in progress or done, by payload, so one payload is computed once. */
const started = new Map<string, Promise<QrSvg>>();
/** Requests the worker has not answered yet. */
const waiting = new Map<number, { payload: string; resolve: (svg: QrSvg) => void; reject: (err: unknown) => void }>();
let nextId = 1;
/** undefined: not created yet; null: unavailable, compute on the main thread. */
let worker: Worker | null | undefined;

function onMainThread(payload: string): Promise<QrSvg> {
  return import("./qr-svg").then((m) => m.qrSvg(payload));
}

/** The worker failed as a whole (script not loaded, crashed): everything it owed goes to the main thread. */
function abandonWorker(reason: unknown): void {
  console.warn("QR Code PIX: worker indisponível, gerando na página", reason);
  worker?.terminate();
  worker = null;
  for (const [id, job] of waiting) {
    waiting.delete(id);
    onMainThread(job.payload).then(job.resolve, job.reject);
  }
}

function qrWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    const w = new Worker(new URL("./qr-worker.ts", import.meta.url), { type: "module" });
    w.addEventListener("message", ({ data }: MessageEvent<QrWorkerReply>) => {
      const job = waiting.get(data.id);
      if (!job) return;
      waiting.delete(data.id);
      if ("svg" in data) job.resolve(data.svg);
      else {
        console.warn("QR Code PIX: erro no worker, gerando na página", data.error);
        onMainThread(job.payload).then(job.resolve, job.reject);
      }
    });
    w.addEventListener("error", (event) => {
      event.preventDefault();
      abandonWorker(event.message || "erro ao carregar o worker");
    });
    w.addEventListener("messageerror", (event) => abandonWorker(event));
    worker = w;
  } catch (err) {
    // No Worker, or a browser without module workers.
    console.warn("QR Code PIX: sem worker, gerando na página", err);
    worker = null;
  }
  return worker;
}

/** The SVG geometry of `payload`, computed once per payload. */
export function qrSvgFor(payload: string): Promise<QrSvg> {
  let promise = started.get(payload);
  if (promise) return promise;
  const w = qrWorker();
  promise = w
    ? new Promise<QrSvg>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { payload, resolve, reject });
        w.postMessage({ id, payload } satisfies QrWorkerRequest);
      })
    : onMainThread(payload);
  started.set(payload, promise);
  promise.then(
    (svg) => ready.set(payload, svg),
    // Let a later panel try again (say, the fallback chunk could not be downloaded).
    () => started.delete(payload),
  );
  return promise;
}

export type QrSvgState = { status: "pending" } | { status: "ready"; svg: QrSvg } | { status: "failed" };

/** The drawing of `payload` for a component: pending, ready or failed. */
export function useQrSvg(payload: string): QrSvgState {
  const [result, setResult] = useState<{ payload: string; svg?: QrSvg; failed?: boolean }>({ payload });
  useEffect(() => {
    if (ready.has(payload)) return;
    let live = true;
    qrSvgFor(payload).then(
      (svg) => live && setResult({ payload, svg }),
      (err: unknown) => {
        console.error("Erro ao gerar o QR Code PIX", err);
        if (live) setResult({ payload, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [payload]);
  const svg = ready.get(payload);
  if (svg) return { status: "ready", svg };
  if (result.payload === payload && result.failed) return { status: "failed" };
  return { status: "pending" };
}
