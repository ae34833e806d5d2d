import { describe, expect, it } from "vitest";
import { changesUntil, eventDay, lookupSchema, normaliseCode, readPersonalFragment } from "./my-registration";
import * as z from "zod/mini";

describe("the event's day from the settings' text", () => {
  it("reads a day and a month as people write them, in their next date without a year", () => {
    expect(eventDay("16 de Agosto", "2026-03-01")).toBe("2026-08-16");
    expect(eventDay("16 de Agosto", "2026-11-26")).toBe("2027-08-16");
    expect(eventDay("Sábado, 1º de março de 2025", "2024-12-01")).toBe("2025-03-01");
    expect(eventDay("16/08/2025", "2026-11-26")).toBe("2025-08-16");
    expect(eventDay("Domingo 07/09", "2026-01-10")).toBe("2026-09-07");
  });

  it("names no day for a text without one, or a day that does not exist", () => {
    expect(eventDay("A definir", "2026-01-01")).toBeNull();
    expect(eventDay("31 de fevereiro", "2026-01-01")).toBeNull();
    expect(eventDay("30 de brumário", "2026-01-01")).toBeNull();
  });

  it("ends the corrections on the setting, or on the event's eve", () => {
    expect(changesUntil({ alteracoes_ate: "2026-08-10", data: "16 de Agosto" }, "2026-03-01")).toBe("2026-08-10");
    expect(changesUntil({ alteracoes_ate: "", data: "1º de março de 2026" }, "2026-01-01")).toBe("2026-02-28");
    expect(changesUntil({ alteracoes_ate: "", data: "Em breve" }, "2026-01-01")).toBeNull();
  });
});

describe("the personal link and the lookup", () => {
  it("reads back only a well-formed fragment", () => {
    const id = "0b8e6c1a-2f4d-4e7a-9c3b-5d6e7f809a1b";
    const token = "a".repeat(43);
    expect(readPersonalFragment(`#${id}.${token}`)).toEqual({ id, token });
    expect(readPersonalFragment(`#${id}.${token}x`)).toBeNull();
    expect(readPersonalFragment(`#${id}`)).toBeNull();
    expect(readPersonalFragment("")).toBeNull();
  });

  it("takes a code typed in lower case or with spaces, and a masked phone", () => {
    expect(normaliseCode(" jdj 7k3q ")).toBe("JDJ7K3Q");
    const parsed = z.parse(lookupSchema, { telefone: "(98) 99999-1234", codigo: "jdj-7k3q" });
    expect(parsed).toEqual({ telefone: "98999991234", codigo: "JDJ7K3Q" });
    expect(z.safeParse(lookupSchema, { telefone: "98999991234", codigo: "ABC" }).success).toBe(false);
  });
});
