import { describe, expect, it } from "vitest";
import {
  BOARDING_MESSAGES,
  type BoardingList,
  boardedLabel,
  busPassengers,
  foldName,
  marksBodySchema,
  readPass,
} from "./boarding";

const p = (id: string, nome: string, onibus_id: string | null, referencia: string) => ({
  id,
  nome_completo: nome,
  idade: 20,
  numero_responsavel: "98988887777",
  status_pagamento: "pendente" as const,
  referencia,
  onibus_id,
  ida: false,
  volta: false,
});

const list: BoardingList = {
  agora: "2025-08-16T08:00:00.000Z",
  onibus: [
    { id: "b1", nome: "Ônibus 1", lugares: 46 },
    { id: "b2", nome: "Ônibus 2", lugares: 46 },
  ],
  passageiros: [p("1", "Ana Lima", "b1", "JDJ2345"), p("2", "Bia Melo", "b2", "JDJ6789")],
  fora: [
    { referencia: "JDJABCD", nome_completo: "Caio Nunes", situacao: "espera" },
    { referencia: "JDJEFGH", nome_completo: "Davi Reis", situacao: "desistente" },
  ],
};

describe("readPass", () => {
  it("finds the passenger of this bus, whatever the case or spaces around the code", () => {
    expect(readPass(list, " jdj2345\n", "b1")).toEqual({ passageiro: list.passageiros[0] });
  });

  it("names the other bus, the waiting list or the cancellation, and marks nobody", () => {
    expect(readPass(list, "JDJ6789", "b1")).toEqual({ mensagem: BOARDING_MESSAGES.otherBus("Bia Melo", "Ônibus 2") });
    expect(readPass(list, "JDJABCD", "b1")).toEqual({ mensagem: BOARDING_MESSAGES.waiting("Caio Nunes") });
    expect(readPass(list, "JDJEFGH", "b1")).toEqual({ mensagem: BOARDING_MESSAGES.cancelled("Davi Reis") });
    expect(readPass(list, "https://example.com", "b1")).toEqual({ mensagem: BOARDING_MESSAGES.unknownCode });
  });
});

describe("marks", () => {
  const mark = {
    id: "6f1c2f8e-7a43-4e0b-9a0e-2a4b6f0c1d22",
    inscricao_id: "0b7f5d2c-1e3a-4c5b-8d9e-0f1a2b3c4d5e",
    viagem: "ida",
    embarcou: true,
    feito_em: "2025-08-16T08:01:02.345Z",
  };

  it("accepts what the phone sends and refuses anything else with one pt-BR message", () => {
    expect(marksBodySchema.safeParse({ marcas: [mark] }).success).toBe(true);
    for (const feito_em of ["2025-08-16T08:01:02-03:00", "2025-08-16T08:01:02+14:00", "2025-08-16T08:01:02-12:00"]) {
      expect(marksBodySchema.safeParse({ marcas: [{ ...mark, feito_em }] }).success).toBe(true);
    }
    for (const bad of [
      // Offsets no zone has, which PostgreSQL refuses; hours past 23.
      { ...mark, feito_em: "2025-08-16T08:01:02-23:59" },
      { ...mark, feito_em: "2025-08-16T08:01:02+15:00" },
      { ...mark, feito_em: "2025-08-16T24:01:02Z" },
      { ...mark, viagem: "ida-e-volta" },
      { ...mark, feito_em: "ontem" },
      { ...mark, feito_em: "2025-02-30T08:00:00Z" },
      { ...mark, id: "1" },
      { ...mark, extra: 1 },
    ]) {
      const result = marksBodySchema.safeParse({ marcas: [bad] });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(BOARDING_MESSAGES.invalid);
    }
  });

  it("lists a bus's people in Portuguese order, accents aside", () => {
    const people = ["Vinícius Alves", "Ângela Souza", "bruno Lima", "Ana Lima", "Élida Reis", "Outro Ônibus"].map(
      (nome_completo) => ({ nome_completo, onibus_id: nome_completo === "Outro Ônibus" ? "b2" : "b1" }),
    );
    expect(busPassengers(people, "b1").map((p) => p.nome_completo)).toEqual([
      "Ana Lima",
      "Ângela Souza",
      "bruno Lima",
      "Élida Reis",
      "Vinícius Alves",
    ]);
  });

  it("counts and searches as the door needs", () => {
    expect(boardedLabel(3, 46)).toBe("3 de 46 embarcados");
    expect(foldName("  JOSÉ  da Conceição ")).toBe("jose da conceicao");
  });
});
