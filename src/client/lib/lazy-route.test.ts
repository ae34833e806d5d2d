import { createElement, Suspense } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyRoute } from "./lazy-route";

const Page = () => createElement("h1", null, "Painel");
const Failed = () => createElement("p", null, "Não foi possível abrir esta página");
const render = (route: ReturnType<typeof lazyRoute>) =>
  renderToStaticMarkup(
    createElement(Suspense, { fallback: createElement("p", null, "Carregando") }, createElement(route)),
  );

describe("lazyRoute", () => {
  it("suspends on a page whose code has not been asked for", () => {
    expect(render(lazyRoute(async () => Page, Failed))).toBe("<p>Carregando</p>");
  });

  it("renders a preloaded page at once, without its fallback", async () => {
    let loads = 0;
    const route = lazyRoute(async () => {
      loads += 1;
      return Page;
    }, Failed);
    await route.preload();
    expect(render(route)).toBe("<h1>Painel</h1>");
    expect(loads).toBe(1);
  });

  it("shows what a failed download shows instead of throwing", async () => {
    let loads = 0;
    const route = lazyRoute(async () => {
      loads += 1;
      throw new Error("Failed to fetch dynamically imported module");
    }, Failed);
    expect(render(route)).toBe("<p>Carregando</p>");
    await new Promise((r) => setTimeout(r, 0));
    expect(render(route)).toBe("<p>Não foi possível abrir esta página</p>");
    expect(loads).toBe(1);
  });
});
