import { describe, expect, it } from "vitest";
import { headersTimeouts } from "./slow-clients";

describe("slow headers", () => {
  it("get 10 s by default, looked for every 2 s, and never more than a body's window", () => {
    expect(headersTimeouts(15_000)).toEqual({ headersTimeout: 10_000, connectionsCheckingInterval: 2_000 });
    expect(headersTimeouts(6_000)).toEqual({ headersTimeout: 6_000, connectionsCheckingInterval: 1_500 });
    expect(headersTimeouts(1_000)).toEqual({ headersTimeout: 1_000, connectionsCheckingInterval: 250 });
  });
});
