import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect } from "vitest";
import { hashToken } from "../../src/server/auth/token-hash";
import { migrate } from "../../src/server/db/migrate";
import { BACKUP_FORMAT, BACKUP_VERSION } from "../../src/server/maintenance/backup";
import { restoreFrom } from "../../src/server/maintenance/restore";
import { alreadyRegisteredMessage, SAME_PERSON_MESSAGE } from "../../src/server/registrations/same-person";
import type { RegistrationPage } from "../../src/shared/admin-api";
import type { AlreadyRegistered, RegistrationCreated } from "../../src/shared/api-types";
import type { RegistrationData } from "../../src/shared/registration-schema";
import { type AdminSession, apiTest } from "../support/api-fixtures";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

const ana: RegistrationData = {
  nome_completo: "Ana Luíza Souza",
  idade: 16,
  numero_responsavel: "98988887777",
  metodo_pagamento: "PIX",
  consentimento: true,
  responsavel_nome: "Maria Responsável",
  parentesco: "mae",
};

/** This file's requests and checks, made with the Coordenação's session. */
function helpersFor(t: TestApp, admin: AdminSession["inject"]) {
  const post = (body: RegistrationData, key: string | null = randomUUID()) =>
    t.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: body,
      headers: key ? { "idempotency-key": key } : {},
    });
  const rows = () =>
    t.db.query<{ id: string; nome_completo: string; idade: number; upload_token_hash: string }>(
      "SELECT id, nome_completo, idade, upload_token_hash FROM registrations ORDER BY created_at",
    );
  return { admin, post, rows };
}

describe.each(DB_KINDS)("one registration per person on %s", (kind) => {
  const test = apiTest(kind).extend<{ h: ReturnType<typeof helpersFor> }>({
    h: async ({ t, adminSession }, use) => use(helpersFor(t, adminSession.inject)),
  });
  test("answers the same name (accents, case and spaces aside) and phone with 409, naming neither code nor id, and stores nothing", async ({
    h: { post, rows },
  }) => {
    const first = await post(ana);
    expect(first.statusCode).toBe(201);
    const created = first.json() as RegistrationCreated;

    for (const nome_completo of ["Ana Luíza Souza", "ana luiza souza", "  ANA   LUIZA SOUZA ", "AnaLuiza Souza"]) {
      const again = await post({ ...ana, nome_completo, idade: 17, metodo_pagamento: "ESPECIE" });
      expect(again.statusCode).toBe(409);
      const body = again.json() as AlreadyRegistered;
      expect(body.error).toBe(alreadyRegisteredMessage(nome_completo.trim().replace(/\s+/g, " ")));
      // Neither the code (with it, "Minha inscrição" opens from any phone) nor the id (a live stream would follow it).
      expect(body).toEqual({ error: body.error, ja_inscrita: true });
      expect(again.body).not.toContain(created.referencia);
      expect(again.body).not.toContain(created.id);
    }
    // Without an idempotency key too (an old client).
    expect((await post(ana, null)).statusCode).toBe(409);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    // The first phone's upload token still works: a duplicate does not take it over.
    expect(stored[0].upload_token_hash).toBe(hashToken(created.upload_token));
  });

  test("registers siblings who share the guardian's phone, and the same name on another phone", async ({
    h: { post, rows },
  }) => {
    const answers = await Promise.all([
      post(ana),
      post({ ...ana, nome_completo: "Pedro Henrique Souza", idade: 14 }),
      post({ ...ana, nome_completo: "Ana Clara Souza", idade: 12 }),
      post({ ...ana, numero_responsavel: "98911112222" }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await rows()).toHaveLength(4);
  });

  test("stores one row when the same person is sent many times at once with different keys", async ({
    h: { post, rows },
  }) => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(ana)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await rows()).toHaveLength(1);
  });

  test("after a lost answer, a retry with an edited field keeps one row, with the edit", async ({
    t,
    h: { post, rows },
  }) => {
    const key = randomUUID();
    const lost = await post(ana, key);
    expect(lost.statusCode).toBe(201);
    const retry = await post({ ...ana, nome_completo: "Ana Luíza de Souza", idade: 17 }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    const answer = retry.json() as RegistrationCreated;
    expect(answer.id).toBe(lost.json().id);
    const stored = await rows();
    expect(stored).toEqual([
      {
        id: answer.id,
        nome_completo: "Ana Luíza de Souza",
        idade: 17,
        upload_token_hash: hashToken(answer.upload_token),
      },
    ]);
    // The log tells the edit apart from the creation.
    // The log tells the edit apart from the creation, and both are the visitor's (decision 030).
    const log = await t.db.query<{ tipo: string; ator_nome: string }>(
      "SELECT tipo, ator_nome FROM activity_log WHERE inscricao_id = $1 ORDER BY id",
      [answer.id],
    );
    expect(log.map((l) => [l.tipo, l.ator_nome])).toEqual([
      ["inscricao.criada", "visitante"],
      ["inscricao.editada", "visitante"],
    ]);
  });

  test("keeps a paid registration as the coordination left it when its key comes back with other data", async ({
    h: { admin, post, rows },
  }) => {
    const key = randomUUID();
    const created = (await post(ana, key)).json() as RegistrationCreated;
    expect(
      (await admin("PATCH", `/api/registrations/${created.id}`, { status_pagamento: "confirmado" })).statusCode,
    ).toBe(200);
    const retry = await post({ ...ana, nome_completo: "Outro Nome Qualquer" }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(created.id);
    expect((await rows()).map((r) => r.nome_completo)).toEqual(["Ana Luíza Souza"]);
  });

  test("answers a retry edited into another registered person with that person's 409", async ({
    h: { post, rows },
  }) => {
    const pedro = { ...ana, nome_completo: "Pedro Souza", idade: 15 };
    expect((await post(pedro)).statusCode).toBe(201);
    const key = randomUUID();
    expect((await post(ana, key)).statusCode).toBe(201);
    const retry = await post(pedro, key);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toBe(alreadyRegisteredMessage("Pedro Souza"));
    expect((await rows()).map((r) => r.nome_completo)).toEqual(["Pedro Souza", "Ana Luíza Souza"]);
  });

  test("lets a person who gave up sign up again, and refuses the panel a second active registration", async ({
    h: { admin, post, rows },
  }) => {
    const first = (await post(ana)).json() as RegistrationCreated;
    const giveUp = await admin("PUT", `/api/registrations/${first.id}/seat`, {
      de: { situacao: "vaga", onibus_id: null },
      para: { situacao: "desistente", onibus_id: null },
    });
    expect(giveUp.statusCode, giveUp.body).toBe(200);
    const second = await post(ana);
    expect(second.statusCode).toBe(201);

    // Back from "desistente" while the new one is active: two active rows of one person.
    const back = await admin("PUT", `/api/registrations/${first.id}/seat`, {
      de: { situacao: "desistente", onibus_id: null },
      para: { situacao: "vaga", onibus_id: null },
    });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ error: SAME_PERSON_MESSAGE });

    // An edit that turns a sibling into Ana.
    const pedro = (await post({ ...ana, nome_completo: "Pedro Souza" })).json() as RegistrationCreated;
    const edit = await admin("PATCH", `/api/registrations/${pedro.id}`, {
      nome_completo: "ANA LUIZA SOUZA",
      idade: 16,
      numero_responsavel: ana.numero_responsavel,
      metodo_pagamento: "PIX",
      status_pagamento: "pendente",
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ error: SAME_PERSON_MESSAGE });
    expect((await rows()).map((r) => r.nome_completo)).toEqual(["Ana Luíza Souza", "Ana Luíza Souza", "Pedro Souza"]);
  });

  test("marks possible duplicates (same phone, similar name) with a filter, and not siblings", async ({
    h: { admin, post },
  }) => {
    for (const nome_completo of ["Maria Silva", "Maria da Silva Santos", "João Pedro Lima", "Joao P. Lima"]) {
      expect((await post({ ...ana, nome_completo, numero_responsavel: "98977776666" })).statusCode).toBe(201);
    }
    for (const nome_completo of ["Ana Souza", "Pedro Souza", "Ana Clara Souza"]) {
      expect((await post({ ...ana, nome_completo })).statusCode).toBe(201);
    }
    // Same name, other phone: not a duplicate.
    expect((await post({ ...ana, nome_completo: "Maria Silva", numero_responsavel: "98955554444" })).statusCode).toBe(
      201,
    );

    const page = (await admin("GET", "/api/registrations?status=duplicatas&sort=nome")).json() as RegistrationPage;
    expect(page.items.map((r) => r.nome_completo)).toEqual([
      "Ana Clara Souza",
      "Ana Souza",
      "Joao P. Lima",
      "João Pedro Lima",
      "Maria da Silva Santos",
      "Maria Silva",
    ]);
    expect(page.total).toBe(6);
    expect(page.items.every((r) => r.possivel_duplicata)).toBe(true);

    // "Ana Souza" is within "Ana Clara Souza": the same phone and a similar name are marked too.
    const all = (await admin("GET", "/api/registrations?sort=nome")).json() as RegistrationPage;
    const marked = Object.fromEntries(
      all.items.map((r) => [`${r.nome_completo} ${r.numero_responsavel}`, r.possivel_duplicata]),
    );
    expect(marked).toMatchObject({
      "Pedro Souza 98988887777": false,
      "Ana Souza 98988887777": true,
      "Ana Clara Souza 98988887777": true,
      "Maria Silva 98955554444": false,
    });
  });

  test("keeps the rows already repeated when the rule arrives, marked, and refuses new ones", async ({
    t,
    h: { admin, post },
  }) => {
    // The database as it was before migration 021, with one person registered twice.
    await t.db.exec(`
      DROP TRIGGER registrations_per_phone ON registrations;
      DROP TRIGGER registrations_duplicates_update ON registrations;
      DROP TRIGGER registrations_duplicates_delete ON registrations;
      DROP TRIGGER registrations_duplicates_truncate ON registrations;
      DROP FUNCTION caravana_registrations_per_phone();
      DROP FUNCTION caravana_keep_duplicate_marks();
      DROP FUNCTION caravana_tem_parecido(uuid, text, text, text);
      DROP FUNCTION caravana_inscricoes_por_numero();
      DROP TABLE registration_duplicates;
      DELETE FROM event_settings WHERE chave = 'inscricoes_por_numero';
      -- Keys of later migrations (025, 030, 034, 040): 022 writes the list of its day again.
      DELETE FROM event_settings WHERE chave IN ('autorizacao_exigida', 'viagem_destino', 'viagem_datas', 'alteracoes_ate', 'grupo_nome',
        'edicao_numero', 'tema', 'ano', 'prazo_dias', 'prazo_horas_espera', 'prazo_tolerancia_dias', 'prazo_ultimo_dia',
        'prazo_liberar_automaticamente');
      ALTER TABLE event_settings DROP CONSTRAINT event_settings_chave_check;
      ALTER TABLE event_settings ADD CONSTRAINT event_settings_chave_check CHECK (chave <> 'inscricoes_por_numero');
      DELETE FROM schema_migrations WHERE version = '022-duplicate-mark-and-phone-limit';
      DROP TRIGGER registrations_restore_duplicate ON registrations;
      DROP FUNCTION caravana_restore_duplicate();
      DROP INDEX registrations_pessoa_idx;
      DROP INDEX registrations_numero_idx;
      ALTER TABLE registrations DROP COLUMN duplicata_antiga;
      DROP FUNCTION caravana_nomes_parecidos(text, text);
      DROP FUNCTION caravana_nome_palavras(text);
      DROP FUNCTION caravana_nome_chave(text);
      DELETE FROM schema_migrations WHERE version = '021-one-registration-per-person';
      INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, created_at)
      VALUES ('Lucas Ferreira', 20, '98933332222', 'PIX', now() - interval '2 days'),
             ('lucas  ferreira', 20, '98933332222', 'PIX', now() - interval '1 day'),
             ('Lucas Ferreira', 20, '98933332222', 'PIX', now());
    `);
    expect((await migrate(t.db)).migrations).toEqual([
      "021-one-registration-per-person",
      "022-duplicate-mark-and-phone-limit",
    ]);
    const stored = await t.db.query<{ duplicata_antiga: boolean }>(
      "SELECT duplicata_antiga FROM registrations ORDER BY created_at",
    );
    expect(stored.map((r) => r.duplicata_antiga)).toEqual([false, true, true]);
    const page = (await admin("GET", "/api/registrations?status=duplicatas")).json() as RegistrationPage;
    expect(page.total).toBe(3);
    const again = await post({ ...ana, nome_completo: "Lucas Ferreira", idade: 20, numero_responsavel: "98933332222" });
    expect(again.statusCode).toBe(409);
  });

  test("brings back the repeated rows of an older backup, marked, and keeps refusing new ones", async ({
    t,
    h: { admin, post },
  }) => {
    const dir = mkdtempSync(join(tmpdir(), "caravana-dup-"));
    try {
      const file = join(dir, "old.jsonl.gz");
      const row = (id: string, minute: number) => ({
        t: "registrations",
        r: {
          id,
          nome_completo: "Lucas Ferreira",
          idade: 20,
          numero_responsavel: "98933332222",
          metodo_pagamento: "PIX",
          status_pagamento: "pendente",
          created_at: `2025-05-01T12:0${minute}:00Z`,
          updated_at: `2025-05-01T12:0${minute}:00Z`,
        },
      });
      const lines = [
        { format: BACKUP_FORMAT, version: BACKUP_VERSION },
        row("5b0f2a54-7f3e-4c39-9a53-0c1d2e3f4b01", 1),
        row("5b0f2a54-7f3e-4c39-9a53-0c1d2e3f4b02", 2),
      ];
      writeFileSync(file, gzipSync(lines.map((l) => JSON.stringify(l)).join("\n")));
      expect(await restoreFrom(t.db, file)).toEqual({ registrations: 2 });
      const stored = await t.db.query<{ id: string; duplicata_antiga: boolean }>(
        "SELECT id, duplicata_antiga FROM registrations ORDER BY created_at",
      );
      expect(stored.map((r) => r.duplicata_antiga)).toEqual([false, true]);
      const page = (await admin("GET", "/api/registrations?status=duplicatas")).json() as RegistrationPage;
      expect(page.total).toBe(2);
      const again = await post({
        ...ana,
        nome_completo: "Lucas Ferreira",
        idade: 20,
        numero_responsavel: "98933332222",
      });
      expect(again.statusCode).toBe(409);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
