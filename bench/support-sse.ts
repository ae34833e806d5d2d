import { type ClientRequest, request } from "node:http";
import type { RegistrationsChanged } from "../src/shared/api-types";
import { LIVE_EVENTS } from "../src/shared/live-events";

export interface AdminStream {
  req: ClientRequest;
  opened: Promise<void>;
}

/** A raw HTTP SSE reader on /api/events: only splits frames and notes when each inserted id arrives. */
export function openAdminStream(
  baseUrl: string,
  cookie: string,
  onInserted: (id: string, at: number) => void,
): AdminStream {
  const url = new URL("/api/events", baseUrl);
  let opened!: () => void;
  let failed!: (err: Error) => void;
  const openedPromise = new Promise<void>((resolve, reject) => {
    opened = resolve;
    failed = reject;
  });
  const req = request(
    {
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: { cookie, accept: "text/event-stream" },
      agent: false,
    },
    (res) => {
      if (res.statusCode !== 200) return failed(new Error(`stream: HTTP ${res.statusCode}`));
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.startsWith(`event: ${LIVE_EVENTS.registrationInserted}\n`)) {
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            for (const id of data ? (JSON.parse(data) as RegistrationsChanged).ids : []) onInserted(id, at);
          } else if (frame.startsWith(`event: ${LIVE_EVENTS.formStatus}`)) {
            opened(); // the server's first real frame: the stream is live
          }
        }
      });
    },
  );
  req.on("error", (err) => failed(err));
  req.end();
  return { req, opened: openedPromise };
}
