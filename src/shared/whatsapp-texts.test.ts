import { describe, expect, it } from "vitest";
import {
  cashPaymentText,
  closedFormText,
  notBoardedText,
  receiptText,
  releasedSeatText,
  seatConfirmedText,
} from "./whatsapp-texts";

const shalom = { groupName: "Grupo Jovem Shalom", eventTitle: "JDJ 2026", price: "R$ 20,00" };

describe("the pages' own WhatsApp texts", () => {
  it("name the group and the event from the settings", () => {
    expect(receiptText(shalom, "Ana Souza", "JDJ7K3Q")).toBe(
      "Olá! Fiz o PIX de R$ 20,00 da inscrição na caravana do Grupo Jovem Shalom para a JDJ 2026. Meu nome é Ana Souza. Código da inscrição: JDJ7K3Q. Segue o comprovante.",
    );
    expect(cashPaymentText(shalom, "Ana Souza", "JDJ7K3Q")).toBe(
      "Olá! Fiz a inscrição de Ana Souza (código JDJ7K3Q) na caravana do Grupo Jovem Shalom para a JDJ 2026. Quero pagar em espécie: quando e onde posso entregar o dinheiro?",
    );
    expect(closedFormText(shalom, false)).toBe(
      "Olá! Vi que as inscrições para a caravana do Grupo Jovem Shalom para a JDJ 2026 estão encerradas. Ainda é possível participar?",
    );
    expect(closedFormText(shalom, true)).toBe(
      "Olá! Quando abrem as inscrições para a caravana do Grupo Jovem Shalom para a JDJ 2026?",
    );
    expect(notBoardedText(shalom, "Caio Lima", "Ônibus 2", "ida")).toBe(
      "Olá! Aqui é a coordenação da caravana do Grupo Jovem Shalom. Caio Lima ainda não embarcou no Ônibus 2 (ida). Pode nos ajudar a encontrar?",
    );
    expect(
      seatConfirmedText(shalom, { nome_completo: "Lia Reis", onibus_nome: "Ônibus 1", referencia: "JDJ2222" }),
    ).toContain("coordenação da caravana do Grupo Jovem Shalom para a JDJ 2026. Abriu uma vaga");
    expect(releasedSeatText(shalom, "Ana Prazo", "JDJTY27")).toBe(
      "Olá! A vaga de Ana Prazo (código JDJTY27) na caravana do Grupo Jovem Shalom foi liberada porque o pagamento não chegou no prazo. Podemos conversar?",
    );
    expect(receiptText({ ...shalom, groupName: "Juventude Católica VG" }, "")).toContain(
      "na caravana da Juventude Católica VG para a JDJ 2026.",
    );
  });
});
