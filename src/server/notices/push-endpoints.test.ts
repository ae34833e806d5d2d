import { describe, expect, it } from "vitest";
import { parseExtraOrigins } from "../config-values";
import { endpointAllowed } from "./push-endpoints";

describe("endpointAllowed", () => {
  it("takes the browsers' push services over HTTPS", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://web.push.apple.com/QGuQ",
      "https://wns2-bl2p.notify.windows.com/w/?token=x",
    ])
      expect(endpointAllowed(endpoint, [])).toBe(true);
  });

  it("refuses anything else: plain http, another port, a look-alike host, credentials, the host's own network", () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://fcm.googleapis.com.evil.example/x",
      "https://evilfcm.googleapis.com/x",
      "https://user:pw@fcm.googleapis.com/x",
      "http://127.0.0.1:5432/",
      "https://169.254.169.254/latest/meta-data",
      "not a url",
    ])
      expect(endpointAllowed(endpoint, []), endpoint).toBe(false);
  });

  it("takes the origins PUSH_ENDPOINTS_EXTRA adds, and only those", () => {
    const extra = parseExtraOrigins("http://127.0.0.1:4100, https://push.paroquia.org") ?? [];
    expect(extra).toEqual(["http://127.0.0.1:4100", "https://push.paroquia.org"]);
    expect(endpointAllowed("http://127.0.0.1:4100/push/1", extra)).toBe(true);
    expect(endpointAllowed("https://push.paroquia.org/up/abc", extra)).toBe(true);
    expect(endpointAllowed("http://127.0.0.1:4101/push/1", extra)).toBe(false);
  });
});

describe("parseExtraOrigins", () => {
  it("refuses plain http away from a loopback address, paths, and what is not a URL", () => {
    expect(parseExtraOrigins("")).toEqual([]);
    expect(parseExtraOrigins("http://[::1]:9000")).toEqual(["http://[::1]:9000"]);
    expect(parseExtraOrigins("http://localhost:9000")).toEqual(["http://localhost:9000"]);
    expect(parseExtraOrigins("http://192.168.0.10:9000")).toBeNull();
    expect(parseExtraOrigins("https://push.paroquia.org/caminho")).toBeNull();
    expect(parseExtraOrigins("ftp://push.paroquia.org")).toBeNull();
    expect(parseExtraOrigins("push.paroquia.org")).toBeNull();
  });
});
