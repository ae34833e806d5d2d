import { createElement, Suspense } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyRoute } from "./lazy-route";

const Page = () => createElement("h1", null, "Painel");
const render = (route: ReturnType<typeof lazyRoute>) =>
  renderToStaticMarkup(
    createElement(Suspense, { fallback: createElement("p", null, "Carregando") }, createElement(route)),
  );

describe("lazyRoute", () => {
  it("suspends on a page whose code has not been asked for", () => {
    expect(render(lazyRoute(async () => Page))).toBe("<p>Carregando</p>");
  });

  it("renders a preloaded page at once, without its fallback", async () => {
    let loads = 0;
    const route = lazyRoute(async () => {
      loads += 1;
      return Page;
    });
    await route.preload();
    expect(render(route)).toBe("<h1>Painel</h1>");
    expect(loads).toBe(1);
  });
});
