import { describe, expect, it } from "vitest";
import { DEFAULT_GROUP_NAME } from "./constants";
import { ofGroup } from "./group-name";

describe("ofGroup", () => {
  it("joins the group's name to 'de' as Portuguese writes it", () => {
    expect(ofGroup(DEFAULT_GROUP_NAME)).toBe("da Juventude Católica VG");
    expect(ofGroup("Pastoral da Juventude São José")).toBe("da Pastoral da Juventude São José");
    expect(ofGroup("Paróquia Nossa Senhora da Conceição")).toBe("da Paróquia Nossa Senhora da Conceição");
    expect(ofGroup("Grupo Jovem Shalom")).toBe("do Grupo Jovem Shalom");
    expect(ofGroup("  Ministério Jovem  ")).toBe("do Ministério Jovem");
    expect(ofGroup("Jovens em Missão")).toBe("de Jovens em Missão");
    expect(ofGroup("JUFRA")).toBe("de JUFRA");
  });
});
