import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { floodShedding, SHED_AFTER_REFUSALS_PER_SECOND } from "./flood-shedding";

const quiet = { warn() {} } as unknown as Parameters<typeof floodShedding>[1];

/** A GET to the server: its status, or the socket error's code when the connection was closed on arrival. */
function knock(server: Server): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve) => {
    const req = get({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
      res.resume();
      resolve(String(res.statusCode));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? "erro"));
  });
}

describe("flood shedding", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function listening(enabled: boolean, now: () => number) {
    server = createServer((_req, res) => res.end("ok"));
    const countRefusal = floodShedding(server, quiet, enabled, now);
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    return { server, countRefusal };
  }

  it("closes a flooding address's new connections for 5 s, then hears it again", async () => {
    let clock = 1_000_000;
    const { server, countRefusal } = await listening(true, () => clock);
    for (let i = 0; i < SHED_AFTER_REFUSALS_PER_SECOND - 1; i++) countRefusal("127.0.0.1");
    expect(await knock(server)).toBe("200");
    countRefusal("127.0.0.1");
    expect(await knock(server)).toBe("ECONNRESET");
    clock += 4_999;
    expect(await knock(server)).toBe("ECONNRESET");
    clock += 2;
    expect(await knock(server)).toBe("200");
  });

  it("counts refusals within one second only, and closes nothing behind a proxy", async () => {
    let clock = 0;
    const spread = await listening(true, () => clock);
    for (let i = 0; i < SHED_AFTER_REFUSALS_PER_SECOND * 3; i++) {
      clock += 20;
      spread.countRefusal("127.0.0.1");
    }
    expect(await knock(spread.server)).toBe("200");
    await new Promise<void>((resolve) => spread.server.close(() => resolve()));

    const proxied = await listening(false, () => clock);
    for (let i = 0; i < SHED_AFTER_REFUSALS_PER_SECOND; i++) proxied.countRefusal("127.0.0.1");
    expect(await knock(proxied.server)).toBe("200");
  });
});
