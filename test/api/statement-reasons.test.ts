import { describe, expect } from "vitest";
import type { StatementLineView } from "../../src/shared/finance-views";
import { apiTest } from "../support/api-fixtures";
import { importOk, ofx, todayInFortaleza } from "../support/statements";
import { DB_KINDS } from "../support/test-database";

describe.each(DB_KINDS)("what a second year found in the statement, on %s", (kind) => {
  const test = apiTest(kind);
  const today = todayInFortaleza();

  test("the guardian's name suggests, a look-alike code says so, a linked payer keeps the bank's words, and decided lines leave 'Sem correspondência'", async ({
    t,
    register,
    adminSession,
  }) => {
    const joana = await register({
      nome_completo: "Joana Ribeiro Lima",
      idade: 14,
      responsavel_nome: "Francisca Ribeiro da Silva",
      parentesco: "mae",
      consentimento: true,
    });
    const typo = await register({ nome_completo: "Pedro Quinto" });
    const claudia = await register({ nome_completo: "Claudia Nunes de Sousa" });
    // A drawn code may hold no character a person confuses; this one holds a 5, typed as an S.
    await t.db.query("UPDATE registrations SET referencia = 'JDJ5K7M' WHERE id = $1", [typo.id]);
    const lookAlike = "JDJSK7M";
    const file = ofx([
      { data: today, valor: "15.00", memo: "Pix recebido - FRANCISCA RIBEIRO DA SILVA", fitid: "G1" },
      { data: today, valor: "15.00", memo: `Pix recebido - PEDRO - ${lookAlike}`, fitid: "G2" },
      { data: today, valor: "15.00", memo: "Pix recebido - CLAUDIA NUNES SOUSA BCO", fitid: "G3" },
      { data: today, valor: "40.00", memo: "Pix recebido - DOACAO PAROQUIA", fitid: "G4" },
    ]);
    const result = await importOk(adminSession, file);
    const guardianLine = result.grupos.sugeridas.find((l) => l.candidatos.some((c) => c.id === joana.id));
    expect(guardianLine?.como).toBe("responsavel");
    const typoLine = result.grupos.sugeridas.find((l) => l.candidatos.some((c) => c.id === typo.id));
    expect(typoLine?.como).toBe("parecido");

    // "Vincular" the payer whose bank cut her name: the line still reads as the bank wrote it.
    const open = [...result.grupos.sugeridas, ...result.grupos.sem_correspondencia];
    const claudiaLine = open.find((l) => l.pagador?.includes("CLAUDIA")) as StatementLineView;
    expect(claudiaLine.pagador).toBe("CLAUDIA NUNES SOUSA BCO");
    const linked = await adminSession.inject("POST", `/api/finance/lines/${claudiaLine.id}/confirm`, {
      inscricao_id: claudia.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((linked.json() as StatementLineView).pagador).toBe("CLAUDIA NUNES SOUSA BCO");
    const paid = (await adminSession.inject("GET", "/api/finance/lines?grupo=paga")).json() as StatementLineView[];
    expect(paid.find((l) => l.id === claudiaLine.id)?.pagador).toBe("CLAUDIA NUNES SOUSA BCO");

    // The donation ignored: "Sem correspondência" holds only what is left to decide.
    const donation = open.find((l) => l.valor_centavos === 4000) as StatementLineView;
    expect((await adminSession.inject("POST", `/api/finance/lines/${donation.id}/ignore`)).statusCode).toBe(200);
    const left = (
      await adminSession.inject("GET", "/api/finance/lines?grupo=sem_correspondencia")
    ).json() as StatementLineView[];
    expect(left.map((l) => l.id)).not.toContain(donation.id);
    expect(left.map((l) => l.id)).not.toContain(claudiaLine.id);
  });
});
