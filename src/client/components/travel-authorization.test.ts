import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { tripFacts } from "../../shared/event-facts";
import { type AuthorizationDocument, KINSHIP_KEYS } from "../../shared/minors";
import { TravelAuthorization } from "./travel-authorization";

/** The document as a person reads it: the text, with each blank line as "___". */
function read(doc: AuthorizationDocument): string {
  const html = renderToStaticMarkup(createElement(TravelAuthorization, { doc }));
  return html
    .replace(/<span class="ta-blank"[^>]*><\/span>/g, "___")
    .replace(/<\/p>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/[ \t]+/g, " ");
}

const trip = tripFacts({
  viagem_destino: "",
  viagem_datas: "",
  local: "Ginásio Costa Rodrigues, São Luís - MA",
  cidade: "São Luís",
  data: "16 de Agosto",
  horario: "Saída às 05h30",
  ano: 2025,
});

const doc = (over: Partial<AuthorizationDocument> = {}): AuthorizationDocument => ({
  id: "0b8e6c1a-2f4d-4e7a-9c3b-5d6e7f809a1b",
  nome_completo: "Ana Lima",
  idade: 14,
  responsavel_nome: "Maria Lima",
  parentesco: "mae",
  onibus_nome: "Ônibus 1",
  lider_nome: "José Souza",
  lider_telefone: "98981234567",
  destino: trip.destino,
  datas: trip.datas,
  ida: trip.ida,
  evento: "JDJ 2025",
  grupo: "Juventude Católica VG",
  recebida: false,
  ...over,
});

describe("the travel authorisation reads as correct Portuguese", () => {
  it("names the place once, the date with no capital mid-sentence, the group with its article", () => {
    expect(trip).toEqual({
      destino: "Ginásio Costa Rodrigues, São Luís - MA",
      datas: "16 de agosto de 2025, saída às 05h30",
      ida: "16 de agosto de 2025",
    });
    const text = read(doc());
    expect(text).toContain(
      "responsável pelo Ônibus 1 da caravana do grupo Juventude Católica VG para o evento JDJ 2025, com destino ao seguinte local: Ginásio Costa Rodrigues, São Luís - MA, em 16 de agosto de 2025, saída às 05h30.",
    );
    expect(text).not.toMatch(/caravana de |com destino a [^o]|São Luís - MA, São Luís|, Saída/);
    expect(text).toContain("Assinatura (reconhecer firma em cartório)\n");
    expect(text).not.toMatch(/firma reconhecida em cartório \(reconhecer firma\)/);
    // The departure is not a period: the return is said apart, unless "Ida e volta" names both.
    expect(text).toContain(
      "Esta autorização é válida somente para esta viagem, de ida e volta: a ida em 16 de agosto de 2025, e a volta ao fim do evento.",
    );
    expect(read(doc({ datas: "15/08 às 22h a 17/08 às 6h", ida: null }))).toContain(
      "em 15/08 às 22h a 17/08 às 6h.\nEsta autorização é válida somente para esta viagem, de ida e volta, no período acima.",
    );
    expect(text).toContain("na companhia de José Souza, telefone (98) 98123-4567, portador(a) do RG nº ___");
  });

  it("puts the guardian's documents right after the guardian's name, then the relationship chosen", () => {
    const expected = {
      mae: "na qualidade de mãe de Ana Lima,",
      pai: "na qualidade de pai de Ana Lima,",
      avo_f: "na qualidade de avó e detentora da guarda de Ana Lima,",
      avo_m: "na qualidade de avô e detentor da guarda de Ana Lima,",
      tia: "na qualidade de tia e detentora da guarda de Ana Lima,",
      tio_m: "na qualidade de tio e detentor da guarda de Ana Lima,",
      avo: "na qualidade de avô(ó) e detentor(a) da guarda de Ana Lima,",
      tio: "na qualidade de tio(a) e detentor(a) da guarda de Ana Lima,",
      irmao: "na qualidade de irmão(ã) maior de idade e detentor(a) da guarda de Ana Lima,",
      tutor: "na qualidade de tutor(a) de Ana Lima,",
      outro: "na qualidade de guardião(ã) ou tutor(a) de Ana Lima,",
    };
    for (const parentesco of KINSHIP_KEYS) {
      const text = read(doc({ parentesco }));
      expect(text, parentesco).toContain(
        `Eu, Maria Lima, portador(a) do RG nº ___, órgão emissor ___, e do CPF nº ___, residente e domiciliado(a) em ___, ${expected[parentesco]}`,
      );
      expect(text.split("AUTORIZO")[0], parentesco).not.toMatch(/Avó\/Avô|Tia\/Tio|Irmã\/Irmão/);
    }
  });

  it("leaves lines to fill in by hand when the guardian, the relationship or the leader are not known", () => {
    const text = read(doc({ responsavel_nome: null, parentesco: null, lider_nome: null, lider_telefone: null }));
    expect(text).toContain("Eu, ___, portador(a) do RG nº ___");
    expect(text).toContain("na qualidade de ___ de Ana Lima,");
    expect(text).toContain("na companhia de ___, portador(a) do RG nº ___");
  });
});
