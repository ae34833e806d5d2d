import { describe, expect, it } from "vitest";
import { LoginThrottle, THROTTLE, waitMessage } from "./login-throttle";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("LoginThrottle", () => {
  it("answers five failures at once, then makes each next attempt wait longer, never locking for good", () => {
    const c = clock();
    const th = new LoginThrottle(c.now);
    for (let i = 0; i < 5; i++) expect(th.begin("1.1.1.1")).toEqual({ allowed: true });
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      expect(th.begin("1.1.1.1")).toEqual({ allowed: true });
      const refused = th.begin("1.1.1.1");
      if (refused.allowed) throw new Error("a parallel guess got through");
      waits.push(refused.retryAfterMs);
      c.advance(refused.retryAfterMs);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });

  it("keeps clients apart and forgets one that succeeds", () => {
    const th = new LoginThrottle(clock().now);
    for (let i = 0; i < 7; i++) th.begin("a");
    expect(th.begin("b")).toEqual({ allowed: true });
    th.succeed("a");
    expect(th.begin("a")).toEqual({ allowed: true });
  });

  it("forgets failures older than the 15-minute window", () => {
    const c = clock();
    const th = new LoginThrottle(c.now);
    for (let i = 0; i < 6; i++) th.begin("a");
    c.advance(THROTTLE.windowMs);
    for (let i = 0; i < 5; i++) expect(th.begin("a")).toEqual({ allowed: true });
  });

  it("spends a global budget: a guess spread over many addresses does not get an answer each time", () => {
    const c = clock();
    const th = new LoginThrottle(c.now);
    let answered = 0;
    // 150 addresses, 4 guesses each, within a minute.
    for (let round = 0; round < 4; round++) {
      for (let a = 0; a < 150; a++) if (th.begin(`10.0.${a}.1`).allowed) answered++;
      c.advance(10_000);
    }
    expect(answered).toBeLessThan(600);
    expect(answered).toBeLessThanOrEqual(150 + THROTTLE.globalBudget);
    // Someone who has not failed is still heard at once.
    expect(th.begin("192.0.2.77")).toEqual({ allowed: true });
    // A minute later the budget is back.
    c.advance(THROTTLE.globalWindowMs);
    expect(th.begin("10.0.3.1")).toEqual({ allowed: true });
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
