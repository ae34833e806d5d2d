import { describe, expect, it } from "vitest";
import { createMatcher, type MatchCandidate, nameScore, payerAsWritten, payerWords } from "./statement-matching";

let n = 0;
function person(nome: string, extra: Partial<MatchCandidate> = {}): MatchCandidate {
  n++;
  return {
    id: `id-${n}`,
    referencia: null,
    nome,
    nomePagador: null,
    criadoEm: "2025-08-01",
    devido: 1500,
    pendente: true,
    ativa: true,
    ...extra,
  };
}
const line = (descricao: string, valorCentavos = 1500, data = "2025-08-12") => ({ descricao, valorCentavos, data });

describe("a reference code pays by itself", () => {
  const ana = person("Ana Luiza Costa", { referencia: "JDJ7K3Q" });
  const match = createMatcher([ana, person("Outra Pessoa", { referencia: "JDJ9XYZ" })]);

  it.each([
    ["upper case", "PIX JDJ7K3Q"],
    ["lower case with a space", "Transferência recebida pelo Pix - ANA - jdj 7k3q"],
    ["hyphens and dots", "pix jdj-7k.3q"],
    ["glued to other words", "PIXJDJ7K3QANA"],
  ])("%s", (_, text) => expect(match(line(text))).toEqual({ kind: "codigo", ids: [ana.id] }));

  it("an amount below the price is only a suggestion", () =>
    expect(match(line("jdj7k3q", 1000))).toEqual({ kind: "sugestao", ids: [ana.id], by: "codigo" }));

  it("the exact code of someone waiting, or whose seat went on, is a suggestion: confirmed by a person, who sees why", () => {
    const waiting = person("Espera Alguém", { referencia: "JDJ3333", semVaga: true });
    const sibling = person("Irmã Sentada", { referencia: "JDJ4444" });
    const m = createMatcher([waiting, sibling]);
    expect(m(line("JDJ3333"))).toEqual({ kind: "sugestao", ids: [waiting.id], by: "codigo" });
    expect(m(line("JDJ3333 JDJ4444", 3000))).toEqual({ kind: "sugestao", ids: [waiting.id, sibling.id], by: "codigo" });
  });

  it("R$ 15,00 for someone whose price was R$ 20,00 is only a suggestion; R$ 20,00 pays", () => {
    const dear = person("Caro Preço", { referencia: "JDJ2222", devido: 2000 });
    const m = createMatcher([dear]);
    expect(m(line("JDJ2222", 1500))).toEqual({ kind: "sugestao", ids: [dear.id], by: "codigo" });
    expect(m(line("JDJ2222", 2000))).toEqual({ kind: "codigo", ids: [dear.id] });
  });

  it("a code of someone already paid is 'Já pago'", () => {
    const paid = person("Paga", { referencia: "JDJ3333", pendente: false });
    expect(createMatcher([paid])(line("jdj 3333"))).toEqual({ kind: "ja_paga", id: paid.id });
  });

  it("a discount is what the code must cover", () => {
    const half = person("Meia", { referencia: "JDJ4444", devido: 750 });
    expect(createMatcher([half])(line("JDJ4444", 750))).toEqual({ kind: "codigo", ids: [half.id] });
  });

  it.each([
    ["a zero for the Q", "JDJ7K30", "JDJ7K3Q"],
    ["the review's 6 for a G", "JDJAV6W", "JDJAVGW"],
    ["the review's Q for a D", "JDJQU8J", "JDJDU8J"],
    ["an S for a 5", "JDJS5SS", "JDJ55SS"],
  ])("a look-alike (%s) is only a suggestion: it may be a deleted or last year's code", (_, written, owner) => {
    const them = person("Dona Do Código", { referencia: owner });
    // Said for what it is: a code like theirs, not "the amount does not cover" (issue 53).
    expect(createMatcher([them])(line(`PIX ${written}`))).toEqual({ kind: "sugestao", ids: [them.id], by: "parecido" });
  });

  it("an exact code wins over another person's look-alike in the same line", () => {
    const a = person("A", { referencia: "JDJAVGW" });
    const b = person("B", { referencia: "JDJAV6W" });
    expect(createMatcher([a, b])(line("PIX JDJAV6W"))).toEqual({ kind: "codigo", ids: [b.id] });
  });

  it("a code that only look-alikes make ambiguous pays nobody", () => {
    const a = person("A", { referencia: "JDJ5AAA" });
    const b = person("B", { referencia: "JDJSAAA" });
    const m = createMatcher([a, b]);
    expect(m(line("JDJ5AAA")).kind).toBe("codigo");
    expect(m(line("JDJ$AAA")).kind).toBe("nada");
  });
});

describe("siblings paid together", () => {
  const lucia = person("Lucia Souza", { referencia: "JDJ2AB3" });
  const pedro = person("Pedro Souza", { referencia: "JDJ4CD5" });
  const match = createMatcher([lucia, pedro]);

  it("one credit equal to the sum of their codes pays both", () =>
    expect(match(line("CRED PIX JDJ2AB3 JDJ4CD5 LUCIA", 3000))).toEqual({ kind: "codigo", ids: [lucia.id, pedro.id] }));

  it("a credit short of the sum is only a suggestion", () =>
    expect(match(line("CRED PIX JDJ2AB3 JDJ4CD5", 1500))).toEqual({
      kind: "sugestao",
      ids: [lucia.id, pedro.id],
      by: "codigo",
    }));
});

describe("a name and the amount only suggest", () => {
  it("names cut short as banks print them", () => {
    const maria = person("Maria Clara Serafim");
    const match = createMatcher([maria, person("Marcos Silva")]);
    expect(match(line("PIX TRANSF MAR SER12/08"))).toEqual({ kind: "sugestao", ids: [maria.id], by: "nome" });
  });

  it("the payer's name we hold, in any order, without accents", () => {
    const child = person("Davi Lima", { nomePagador: "José Carlos Pereira" });
    const match = createMatcher([child]);
    expect(
      match(line("Transferência recebida pelo Pix - JOSE CARLOS PEREIRA - •••.123.456-•• - BCO BRADESCO S.A.")),
    ).toEqual({ kind: "sugestao", ids: [child.id], by: "nome" });
    expect(match(line("TRANSFERENCIA PIX REM: PEREIRA JOSE 12/08"))).toEqual({
      kind: "sugestao",
      ids: [child.id],
      by: "nome",
    });
  });

  it("homonyms are all listed, best first; one tap picks", () => {
    const a = person("Maria da Silva Santos");
    const b = person("Maria Silva");
    const match = createMatcher([a, b]);
    expect(match(line("PIX MARIA SILVA SANTOS"))).toEqual({ kind: "sugestao", ids: [a.id, b.id], by: "nome" });
  });

  it("a different amount, a payment before the registration, or one word, suggest nobody", () => {
    const joao = person("João Pedro Alves", { criadoEm: "2025-08-10" });
    const match = createMatcher([joao]);
    expect(match(line("PIX JOAO PEDRO", 2000))).toEqual({ kind: "nada" });
    expect(match(line("PIX JOAO PEDRO", 1500, "2025-08-09"))).toEqual({ kind: "nada" });
    expect(match(line("PIX JOAO", 1500))).toEqual({ kind: "nada" });
    expect(match(line("PIX JOAO PEDRO", 1500))).toEqual({ kind: "sugestao", ids: [joao.id], by: "nome" });
  });

  it("paid or cancelled people are never suggested by name", () => {
    const match = createMatcher([
      person("Ana Paula Reis", { pendente: false }),
      person("Ana Paula Reis", { ativa: false }),
    ]);
    expect(match(line("PIX ANA PAULA REIS"))).toEqual({ kind: "nada" });
  });

  it("a bank's words are not a name", () => {
    expect(
      payerWords("Transferência recebida pelo Pix - JOSÉ - •••.123.456-•• - ITAÚ UNIBANCO S.A. (0341) Agência: 1"),
    ).toEqual(["JOSE"]);
    expect(nameScore(["MAC", "SER"], "Maria Clara Serafim")).toBe(0);
    expect(nameScore(["MAR", "SER"], "Maria Clara Serafim")).toBe(6);
  });
});

describe("the payer's name as the bank wrote it", () => {
  it("keeps particles and accents, and leaves out the bank, the CPF and the words around", () => {
    expect(
      payerAsWritten("Transferência recebida pelo Pix - JOSE CARLOS PEREIRA - •••.123.456-•• - BCO BRADESCO S.A."),
    ).toBe("JOSE CARLOS PEREIRA");
    expect(payerAsWritten("PIX RECEBIDO FULANO DE TAL")).toBe("FULANO DE TAL");
    expect(payerAsWritten("Pix recebido de Maria da Conceição Araújo 12/08")).toBe("Maria da Conceição Araújo");
    expect(payerAsWritten("TED 341 0001 12345-6")).toBe("");
    expect(payerAsWritten("PIX JDJ7K3Q")).toBe("");
  });
});

describe("the guardian, who usually pays", () => {
  it("word for word the registered guardian, with the amount owed, is a suggestion that says so", () => {
    const minor = person("Joana Ribeiro Lima", { nomeResponsavel: "Francisca Ribeiro da Silva" });
    const other = person("Outra Menina");
    const m = createMatcher([minor, other]);
    expect(m(line("PIX RECEBIDO - FRANCISCA RIBEIRO DA SILVA"))).toEqual({
      kind: "sugestao",
      ids: [minor.id],
      by: "responsavel",
    });
    // The person's own name still reads as a name.
    expect(m(line("PIX JOANA RIBEIRO LIMA"))).toEqual({ kind: "sugestao", ids: [minor.id], by: "nome" });
    // The wrong amount is no evidence.
    expect(m(line("PIX FRANCISCA RIBEIRO DA SILVA", 900))).toEqual({ kind: "nada" });
  });
});
