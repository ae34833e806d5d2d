import { describe, expect, it } from "vitest";
import { checkPixKey } from "./pix-key";

describe("checkPixKey", () => {
  it.each([
    ["pix@juventudecatolicavg.com.br", "pix@juventudecatolicavg.com.br", "email"],
    ["  Tesouraria@Paroquia.ORG.br ", "tesouraria@paroquia.org.br", "email"],
    ["123.456.789-09", "12345678909", "cpf"],
    ["12345678909", "12345678909", "cpf"],
    ["12.345.678/0001-95", "12345678000195", "cnpj"],
    ["+55 (98) 99999-8888", "+5598999998888", "phone"],
    ["+559833334444", "+559833334444", "phone"],
    ["123E4567-E12B-12D1-A456-426655440000", "123e4567-e12b-12d1-a456-426655440000", "evp"],
  ])("accepts %j as %j (%s)", (raw, key, kind) => {
    expect(checkPixKey(raw)).toEqual({ ok: true, key, kind });
  });

  it.each([
    ["", /use e-mail, CPF/],
    ["fulano", /use e-mail, CPF/],
    ["fulano@", /e-mail inválido/],
    ["joão@paroquia.org", /e-mail inválido/],
    ["1234567890", /CPF deve ter 11 dígitos e CNPJ 14/],
    ["+1 555 0100", /telefone deve ser \+55/],
    ["+55989999", /telefone deve ser \+55/],
    [`${"a".repeat(70)}@exemplo.com`, /no máximo 77 caracteres/],
  ])("refuses %j", (raw, message) => {
    const result = checkPixKey(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it("accepts a key of exactly 77 chars", () => {
    const key = `${"a".repeat(65)}@exemplo.com`;
    expect(key).toHaveLength(77);
    expect(checkPixKey(key).ok).toBe(true);
  });
});
