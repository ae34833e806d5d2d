import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, layerGraph } from "../scripts/layers";

// Layers only point down: no two folders of a side import each other, directly or through others.
describe("layering", () => {
  for (const side of ["server", "client"]) {
    it(`has no import cycle between the folders of src/${side}`, () => {
      const graph = layerGraph(resolve(import.meta.dirname, side));
      expect(graph.size).toBeGreaterThan(5);
      const found = cycles(graph).map((group) =>
        group.map(
          (layer) =>
            `${layer} → ${[...(graph.get(layer)?.entries() ?? [])]
              .filter(([to]) => group.includes(to))
              .map(([to, files]) => `${to} (${files.join(", ")})`)
              .join("; ")}`,
        ),
      );
      expect(found).toEqual([]);
    });
  }

  it("finds a cycle where there is one", () => {
    const graph = new Map([
      ["seats", new Map([["registrations", ["seats/a.ts"]]])],
      [
        "registrations",
        new Map([
          ["db", ["registrations/b.ts"]],
          ["seats", ["registrations/c.ts"]],
        ]),
      ],
      ["db", new Map()],
    ]);
    expect(cycles(graph)).toEqual([["registrations", "seats"]]);
  });
});
