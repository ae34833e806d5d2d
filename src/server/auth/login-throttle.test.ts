import { describe, expect, it } from "vitest";
import { waitMessage } from "./login-throttle";

// The throttle itself keeps its state in the database: test/api/shared-limits.test.ts.
describe("waitMessage", () => {
  it("says how long to wait in Portuguese", () => {
    expect(waitMessage(15 * 60_000)).toBe("Muitas tentativas de acesso. Aguarde 15 minutos e tente de novo.");
    expect(waitMessage(60_000)).toBe("Muitas tentativas de acesso. Aguarde 1 minuto e tente de novo.");
    expect(waitMessage(61_000)).toBe("Muitas tentativas de acesso. Aguarde 2 minutos e tente de novo.");
    expect(waitMessage(30_000)).toBe("Muitas tentativas de acesso. Aguarde 30 segundos e tente de novo.");
    expect(waitMessage(1)).toBe("Muitas tentativas de acesso. Aguarde 1 segundo e tente de novo.");
  });
});
