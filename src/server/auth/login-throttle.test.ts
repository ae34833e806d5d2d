import { describe, expect, it } from "vitest";
import { LoginThrottle, THROTTLE, waitMessage } from "./login-throttle";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("LoginThrottle", () => {
  it("answers five failures at once, then waits longer each time, then locks for 15 minutes", () => {
    const c = clock();
    const th = new LoginThrottle(c.now);
    const delays = Array.from({ length: 10 }, () => {
      const d = th.begin("1.1.1.1");
      return d.allowed ? d.delayMs : -1;
    });
    expect(delays).toEqual([0, 0, 0, 0, 0, 250, 500, 1000, 2000, 4000]);
    const locked = th.begin("1.1.1.1");
    expect(locked).toEqual({ allowed: false, retryAfterMs: THROTTLE.lockMs });
    c.advance(THROTTLE.lockMs - 1000);
    expect(th.begin("1.1.1.1")).toEqual({ allowed: false, retryAfterMs: 1000 });
    c.advance(1000);
    expect(th.begin("1.1.1.1")).toEqual({ allowed: true, delayMs: 0 });
  });

  it("keeps clients apart and forgets one that succeeds", () => {
    const th = new LoginThrottle(clock().now);
    for (let i = 0; i < 7; i++) th.begin("a");
    expect(th.begin("b")).toEqual({ allowed: true, delayMs: 0 });
    th.succeed("a");
    expect(th.begin("a")).toEqual({ allowed: true, delayMs: 0 });
  });

  it("forgets failures older than the 15-minute window", () => {
    const c = clock();
    const th = new LoginThrottle(c.now);
    for (let i = 0; i < 6; i++) th.begin("a");
    c.advance(THROTTLE.windowMs);
    expect(th.begin("a")).toEqual({ allowed: true, delayMs: 0 });
  });

  it("stays bounded under many addresses", () => {
    const th = new LoginThrottle(clock().now);
    for (let i = 0; i < THROTTLE.maxClients + 100; i++) th.begin(`10.${i}`);
    expect(th.size).toBeLessThanOrEqual(THROTTLE.maxClients);
  });

  it("says how long to wait in Portuguese", () => {
    expect(waitMessage(15 * 60_000)).toBe("Muitas tentativas de acesso. Aguarde 15 minutos e tente de novo.");
    expect(waitMessage(60_000)).toBe("Muitas tentativas de acesso. Aguarde 1 minuto e tente de novo.");
    expect(waitMessage(61_000)).toBe("Muitas tentativas de acesso. Aguarde 2 minutos e tente de novo.");
    expect(waitMessage(30_000)).toBe("Muitas tentativas de acesso. Aguarde 30 segundos e tente de novo.");
    expect(waitMessage(1)).toBe("Muitas tentativas de acesso. Aguarde 1 segundo e tente de novo.");
  });
});
