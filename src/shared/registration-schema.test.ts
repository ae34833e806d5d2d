import { describe, expect, it } from "vitest";
import { MESSAGES, fieldMessages, registrationInputSchema, registrationPatchSchema } from "./registration-schema";

const valid = {
  nome_completo: "Maria José",
  idade: "17",
  numero_responsavel: "(98) 99999-8888",
  metodo_pagamento: "PIX",
  consentimento: true,
  responsavel_nome: "Rosa José",
  parentesco: "mae",
};

function errors(input: unknown) {
  const r = registrationInputSchema.safeParse(input);
  return r.success ? {} : fieldMessages(r.error);
}

describe("registrationInputSchema", () => {
  it("accepts a form as typed and normalises it", () => {
    const r = registrationInputSchema.parse({ ...valid, nome_completo: "  Maria José  " });
    expect(r).toEqual({
      nome_completo: "Maria José",
      idade: 17,
      numero_responsavel: "98999998888",
      metodo_pagamento: "PIX",
      consentimento: true,
      responsavel_nome: "Rosa José",
      parentesco: "mae",
    });
  });

  it("asks a minor's guardian and relationship, never an adult's", () => {
    const { responsavel_nome: _n, parentesco: _p, ...noGuardian } = valid;
    expect(errors(noGuardian)).toEqual({
      responsavel_nome: "Nome do responsável é obrigatório",
      parentesco: "Parentesco é obrigatório",
    });
    expect(errors({ ...noGuardian, idade: 18 })).toEqual({});
  });

  it("requires the guardian's consent under 18 only", () => {
    const { consentimento: _, ...withoutConsent } = valid;
    expect(errors({ ...withoutConsent, idade: "17" }).consentimento).toBe(MESSAGES.consentRequired);
    expect(errors({ ...withoutConsent, idade: "17", consentimento: false }).consentimento).toBe(
      MESSAGES.consentRequired,
    );
    expect(errors({ ...withoutConsent, idade: "18" })).toEqual({});
    // shown together with other messages
    expect(errors({ ...withoutConsent, idade: "12", nome_completo: "" })).toEqual({
      nome_completo: MESSAGES.nameRequired,
      consentimento: MESSAGES.consentRequired,
    });
  });

  it("gives the spec's message for each missing field", () => {
    expect(errors({ nome_completo: "  ", idade: "", numero_responsavel: "", metodo_pagamento: "PIX" })).toEqual({
      nome_completo: MESSAGES.nameRequired,
      idade: MESSAGES.ageRequired,
      numero_responsavel: MESSAGES.phoneRequired,
    });
    expect(MESSAGES.nameRequired).toBe("Nome é obrigatório");
    expect(MESSAGES.ageRequired).toBe("Idade é obrigatória");
    expect(MESSAGES.phoneRequired).toBe("Número é obrigatório");
  });

  it.each([
    ["3", "Idade mínima: 4 anos"],
    ["66", "Idade máxima: 65 anos"],
    ["12.5", "Idade deve estar entre 4 e 65 anos"],
    ["abc", "Idade deve estar entre 4 e 65 anos"],
  ])("age %s is refused with %s", (idade, message) => {
    expect(errors({ ...valid, idade }).idade).toBe(message);
  });

  it.each(["4", "65", 4, 65])("age %s is accepted", (idade) => {
    expect(errors({ ...valid, idade })).toEqual({});
  });

  it.each(["(98) 9999-888", "989999988881", "abc123"])("phone %s is invalid", (numero_responsavel) => {
    expect(errors({ ...valid, numero_responsavel }).numero_responsavel).toBe("Número de telefone inválido");
  });

  it("accepts 10 and 11 digit phones", () => {
    expect(errors({ ...valid, numero_responsavel: "9833334444" })).toEqual({});
    expect(errors({ ...valid, numero_responsavel: "98933334444" })).toEqual({});
  });

  it("refuses unknown methods, extra fields, NUL bytes and non-objects", () => {
    expect(errors({ ...valid, metodo_pagamento: "BITCOIN" }).metodo_pagamento).toBe(MESSAGES.methodInvalid);
    expect(errors({ ...valid, admin: true })[""]).toBe(MESSAGES.unknownField);
    expect(errors({ ...valid, nome_completo: "a\u0000b" }).nome_completo).toBe(MESSAGES.nameInvalid);
    expect(errors({ ...valid, nome_completo: "x".repeat(121) }).nome_completo).toBe(MESSAGES.nameTooLong);
    expect(errors(null)[""]).toBe(MESSAGES.invalidPayload);
  });
});

describe("registrationPatchSchema", () => {
  it("takes a status alone or the whole edit set", () => {
    expect(registrationPatchSchema.parse({ status_pagamento: "confirmado" })).toEqual({
      status_pagamento: "confirmado",
    });
    const { consentimento: _, ...editable } = valid;
    expect(registrationPatchSchema.safeParse({ ...editable, status_pagamento: "pendente" }).success).toBe(true);
    expect(registrationPatchSchema.safeParse({ status_pagamento: "pago" }).success).toBe(false);
    expect(registrationPatchSchema.safeParse({ nome_completo: "só o nome" }).success).toBe(false);
  });
});
