import { readFileSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, newContext, workerBrowser } from "../support/browser";

/** The features a page's renderer process was started without, read from its command line. */
async function rendererDisabledFeatures(browser: Browser): Promise<string[]> {
  const context = await newContext(browser, "phone", { baseURL: "http://127.0.0.1" });
  try {
    await (await context.newPage()).goto("about:blank");
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = (await cdp.send("SystemInfo.getProcessInfo")) as {
      processInfo: { type: string; id: number }[];
    };
    await cdp.detach();
    const renderers = processInfo.filter((p) => p.type === "renderer");
    expect(renderers.length).toBeGreaterThan(0);
    // A renderer rewrites its title, so its arguments may come joined by spaces rather than NULs.
    const line = readFileSync(`/proc/${renderers[0].id}/cmdline`, "utf8");
    return (/--disable-features=([^\s\0]*)/.exec(line)?.[1] ?? "").split(",").filter(Boolean);
  } finally {
    await context.close();
  }
}

/** The browser windows' own pages (the address bar's popup and the like) open in this browser now. */
async function browserUiTargets(browser: Browser): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send("Target.getTargets")) as { targetInfos: { type: string; url: string }[] };
    return targetInfos.filter((t) => t.type === "browser_ui").map((t) => t.url);
  } finally {
    await cdp.detach();
  }
}

describe("the tests' Chromium", () => {
  it("keeps every feature Playwright turns off, and preloads no address bar popup per window", async () => {
    const plain = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS] });
    let playwrights: string[];
    try {
      playwrights = await rendererDisabledFeatures(plain);
      // The popup this test is about: Playwright's own browser preloads it for each window.
      const context = await newContext(plain, "phone", { baseURL: "http://127.0.0.1" });
      await context.newPage();
      expect((await browserUiTargets(plain)).some((url) => url.startsWith("chrome://omnibox-popup"))).toBe(true);
      await context.close();
    } finally {
      await plain.close();
    }
    expect(playwrights).toContain("HttpsUpgrades");

    const ours = await workerBrowser();
    const disabled = await rendererDisabledFeatures(ours);
    expect(disabled).toEqual(expect.arrayContaining([...playwrights, "WebUIOmniboxPopup"]));
    const context = await newContext(ours, "phone", { baseURL: "http://127.0.0.1" });
    try {
      await context.newPage();
      expect(await browserUiTargets(ours)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
