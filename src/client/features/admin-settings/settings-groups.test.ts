import { describe, expect, it } from "vitest";
import { SETTINGS_KEYS } from "../../../shared/event-settings";
import { SETTINGS_GROUPS } from "./settings-groups";

describe("Configurações", () => {
  it("shows every setting the server knows, each once", () => {
    const shown = SETTINGS_GROUPS.flatMap((g) => g.keys);
    expect([...shown].sort()).toEqual([...SETTINGS_KEYS].sort());
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('keeps the five deadline settings together under "Prazos"', () => {
    const prazos = SETTINGS_GROUPS.find((g) => g.title === "Prazos")?.keys;
    expect(prazos).toEqual(SETTINGS_KEYS.filter((k) => k.startsWith("prazo_")));
    expect(prazos).toHaveLength(5);
  });
});
