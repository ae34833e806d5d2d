import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key";

describe("clientKey", () => {
  it("keeps IPv4 addresses, also when mapped into IPv6", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts a whole IPv6 /64 as one client, however it is written", () => {
    const one = clientKey("2001:db8:0:1::5");
    expect(one).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe(one);
    expect(clientKey("2001:DB8:0:1:a:b:c:d")).toBe(one);
    expect(clientKey("2001:db8:0:2::5")).not.toBe(one);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});
