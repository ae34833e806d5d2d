import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync, gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/open-database";
import type { Database } from "../../src/server/db/database";
import { BACKUP_FORMAT, BACKUP_TABLES, BACKUP_VERSION } from "../../src/server/maintenance/backup";
import { RestoreError, restoreFrom } from "../../src/server/maintenance/restore";
import { CIPHER_MESSAGES } from "../../src/server/maintenance/backup-cipher";
import { writeBackup } from "../../src/server/maintenance/backup-file";
import { JPEG_BYTES, multipartBody } from "../support/multipart";
import { startTestApp } from "../support/test-app";
import { DB_KINDS, freshDatabaseEnv, useFreshDatabase } from "../support/test-database";
import { seedPaymentRecords } from "../support/seed-payments";
import { quietLog } from "../support/quiet-log";

function cli(script: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [`dist/server/${script}.js`, ...args], {
    env: { ...process.env, LOG_LEVEL: "silent", NODE_ENV: "test", ...env },
    encoding: "utf8",
    input: "",
    // spawnSync blocks vitest's own timeout: a hung script must fail here instead.
    timeout: 60_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}${r.error ? String(r.error) : ""}` };
}

/** Every stored column of every backed-up table, in a stable order. */
async function snapshot(env: Record<string, string>) {
  const db = await openDatabase(loadConfig({ NODE_ENV: "test", ...env }), quietLog);
  try {
    const out: Record<string, unknown[]> = {};
    for (const table of BACKUP_TABLES) {
      out[table] = (
        await db.query<{ j: unknown }>(`SELECT to_jsonb(t) AS j FROM ${table} t ORDER BY 1::text, to_jsonb(t)::text`)
      ).map((r) => r.j);
    }
    return out;
  } finally {
    await db.close();
  }
}

describe.each(DB_KINDS)("backup and restore on %s", (kind) => {
  const dir = mkdtempSync(join(tmpdir(), "caravana-backup-"));
  const file = join(dir, "backup.jsonl.gz");
  let source: { env: Record<string, string>; cleanup: () => Promise<void> };
  let target: { env: Record<string, string>; cleanup: () => Promise<void> };

  beforeAll(async () => {
    source = await freshDatabaseEnv(kind);
    target = await freshDatabaseEnv(kind);
    // Fill the source through the real API: odd names, a receipt with every byte value, a paid row, a closed form.
    const t = await startTestApp(kind, { env: source.env });
    const names = ["João <b>Álvares</b> & Cia", "Zoë 🙏 d'Ávila", 'Ana "Aspas" Lima'];
    const ids: { id: string; upload_token: string }[] = [];
    for (const [i, nome] of names.entries()) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/registrations",
        payload: {
          nome_completo: nome,
          idade: 18 + i,
          numero_responsavel: `9899999000${i}`,
          metodo_pagamento: i % 2 ? "ESPECIE" : "PIX",
        },
      });
      ids.push(res.json());
    }
    const allBytes = Buffer.concat([JPEG_BYTES, Buffer.from(Array.from({ length: 256 }, (_, b) => b))]);
    const body = multipartBody([{ name: "file", filename: "recibo.jpg", contentType: "image/jpeg", data: allBytes }]);
    // Sent twice: the first receipt stays as an earlier version (receipt_uploads).
    for (let i = 0; i < 2; i++) {
      const up = await t.app.inject({
        method: "POST",
        url: `/api/registrations/${ids[0].id}/receipt`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${ids[0].upload_token}` },
      });
      expect(up.statusCode).toBe(201);
    }
    await t.db.query("UPDATE registrations SET status_pagamento = 'confirmado' WHERE id = $1", [ids[1].id]);
    // More roll call rows than one backup batch (200), two per person: the pages must not skip the second.
    await t.db.query(
      `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento)
       SELECT 'Pessoa ' || g, 20, '98988887777', 'PIX' FROM generate_series(1, 120) g`,
    );
    await t.db.query(
      `INSERT INTO embarques (inscricao_id, viagem, embarcou, marcado_em, marca_id)
       SELECT r.id, v.viagem, true, now(), gen_random_uuid() FROM registrations r
       CROSS JOIN (VALUES ('ida'), ('volta')) v(viagem)`,
    );
    await t.db.query("UPDATE form_settings SET is_open = false, updated_at = now()");
    // The money: a statement line that paid someone, a refund to decide, an expense with its receipt's bytes.
    const [{ id: imp }] = await t.db.query<{ id: string }>(
      "INSERT INTO extrato_importacoes (por_nome, arquivo, formato, banco, lidas) VALUES ('Coordenação', 'nubank.ofx', 'ofx', 'Nubank', 1) RETURNING id::text",
    );
    await seedPaymentRecords(
      t.db,
      `WITH l AS (INSERT INTO extrato_linhas (chave, importacao_id, banco, data, valor_centavos, pagador, estado, como)
                  VALUES ('abc', $1, 'Nubank', '2025-08-12', 1500, 'MARIA', 'paga', 'codigo') RETURNING id)
       INSERT INTO pagamentos (inscricao_id, nome, tipo, valor_centavos, metodo, origem, extrato_linha_id, registrado_por_nome)
       SELECT $2, 'Zoë', 'pagamento', 1500, 'PIX', 'extrato', l.id, 'Coordenação' FROM l`,
      [imp, ids[2].id],
    );
    await t.db.query("INSERT INTO reembolsos (nome, origem, valor_centavos) VALUES ('Alguém', 'exclusao', 1500)");
    await t.db.query(
      `INSERT INTO despesas (descricao, valor_centavos, data, categoria, comprovante, comprovante_tipo, registrada_por_nome)
       VALUES ('Lanche', 12000, '2025-08-16', 'alimentacao', $1, 'image/jpeg', 'Coordenação')`,
      [allBytes],
    );
    // Keep the data: close only the app and database, not the fresh folder.
    await t.app.close();
    await t.db.close();
  }, 120_000);

  afterAll(async () => {
    await source?.cleanup();
    await target?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it("round-trips every row and byte into an empty database", async () => {
    const backup = cli("backup", [file], source.env);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain("registrations: 123 linhas");
    expect(backup.out).toContain("receipts: 2 linhas");
    expect(backup.out).toContain("embarques: 246 linhas");
    // Every change above was logged: 123 registrations, 2 receipts, a payment, 246 marks, the form.
    expect(backup.out).toMatch(/activity_log: [1-9]\d{2} linhas/);

    const restore = cli("restore", [file], target.env);
    expect(restore.code, restore.out).toBe(0);

    const [a, b] = [await snapshot(source.env), await snapshot(target.env)];
    expect(a.registrations).toHaveLength(123);
    expect(a.receipts).toHaveLength(2);
    expect(a.embarques).toHaveLength(246);
    expect(a.activity_log.length).toBeGreaterThan(370);
    // The paid row's record, and the statement's.
    expect(a.pagamentos).toHaveLength(2);
    expect([a.extrato_linhas, a.reembolsos, a.despesas].map((rows) => rows.length)).toEqual([1, 1, 1]);
    expect(b).toEqual(a);
  }, 120_000);

  it("encrypts with a passphrase, and restores only with the same phrase and an unchanged file", async () => {
    const secret = join(dir, "cifrado.jsonl.gz");
    const phrase = "frase longa da coordenação 2025";
    const backup = cli("backup", [secret], { ...source.env, BACKUP_PASSPHRASE: phrase });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain("(cifrado com BACKUP_PASSPHRASE)");
    const bytes = readFileSync(secret);
    expect(bytes.subarray(0, 26).toString()).toBe("CARAVANA-BACKUP-CIFRADO-1\n");
    // Neither gzip nor any name in the clear.
    expect(() => gunzipSync(bytes)).toThrow();
    expect(bytes.includes(Buffer.from("Pessoa"))).toBe(false);

    const empty = await freshDatabaseEnv(kind);
    try {
      const without = cli("restore", [secret], empty.env);
      expect(without.code).toBe(1);
      expect(without.out).toContain(CIPHER_MESSAGES.needsPhrase);
      const wrong = cli("restore", [secret], { ...empty.env, BACKUP_PASSPHRASE: "outra frase qualquer" });
      expect(wrong.code).toBe(1);
      expect(wrong.out).toContain(CIPHER_MESSAGES.wrongPhrase);
      const changed = join(dir, "alterado.jsonl.gz");
      const flipped = Buffer.from(bytes);
      flipped[Math.floor(flipped.length / 2)] ^= 0x01;
      writeFileSync(changed, flipped);
      const tampered = cli("restore", [changed], { ...empty.env, BACKUP_PASSPHRASE: phrase });
      expect(tampered.code).toBe(1);
      expect(tampered.out).toContain(CIPHER_MESSAGES.wrongPhrase);
      // Nothing of the refused tries stayed behind.
      expect((await snapshot(empty.env)).registrations).toHaveLength(0);

      const right = cli("restore", [secret], { ...empty.env, BACKUP_PASSPHRASE: phrase });
      expect(right.code, right.out).toBe(0);
      expect(await snapshot(empty.env)).toEqual(await snapshot(source.env));
    } finally {
      await empty.cleanup();
    }
  }, 180_000);

  it("refuses to restore over existing registrations", async () => {
    const again = cli("restore", [file], target.env);
    expect(again.code).toBe(1);
    expect(again.out).toContain("Restaure em um banco vazio");
  }, 60_000);

  it("purge keeps the counts, reduces names to initials and deletes phones and receipts", async () => {
    const before = await snapshot(target.env);
    const first = cli("purge", ["--yes"], target.env);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(
      /Feito: 123 inscrições anonimizadas, 2 comprovantes apagados, \d+ registros de atividade anonimizados\./,
    );
    const after = await snapshot(target.env);
    expect(after.registrations).toHaveLength(before.registrations.length);
    expect(after.receipts).toHaveLength(0);
    const rows = after.registrations as {
      nome_completo: string;
      numero_responsavel: string | null;
      status_pagamento: string;
    }[];
    const initials = rows.map((r) => r.nome_completo).filter((n) => n !== "P.");
    expect(initials.sort()).toEqual(["A. A. L.", "J. B. C.", "Z. D."].sort());
    expect(rows.filter((r) => r.nome_completo === "P.")).toHaveLength(120);
    expect(rows.every((r) => r.numero_responsavel === null)).toBe(true);
    expect(rows.filter((r) => r.status_pagamento === "confirmado")).toHaveLength(1);
    // The log keeps its entries, with initials and no phones; the purge wrote none of its own.
    expect(after.activity_log).toHaveLength(before.activity_log.length);
    const log = JSON.stringify(after.activity_log);
    for (const gone of ["Álvares", "d'Ávila", "Aspas", "Pessoa 1", "98999990000", "98988887777"]) {
      expect(log, gone).not.toContain(gone);
    }
    expect(log).toContain("Inscrição de J. B. C.");

    const second = cli("purge", ["--yes"], target.env);
    expect(second.out).toContain("Nada a apagar");
  }, 120_000);
});

describe.each(DB_KINDS)("restore's reading of the file on %s", (kind) => {
  let db: Database;
  useFreshDatabase(kind, (opened) => (db = opened));
  const dir = mkdtempSync(join(tmpdir(), "caravana-restore-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, bytes: Buffer) => {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    return file;
  };
  const registrationCount = async () =>
    (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM registrations"))[0].n;
  const backupLines = (rows: { id: string; nome: string }[]) =>
    [
      { format: BACKUP_FORMAT, version: BACKUP_VERSION },
      ...rows.map((r, i) => ({
        t: "registrations",
        r: {
          id: r.id,
          nome_completo: r.nome,
          idade: 20,
          numero_responsavel: `9899999100${i}`,
          metodo_pagamento: "PIX",
          status_pagamento: "pendente",
          created_at: "2025-05-01T12:00:00Z",
          updated_at: "2025-05-01T12:00:00Z",
        },
      })),
    ]
      .map((line) => JSON.stringify(line))
      .join("\n");

  it("reads every line even when the database is slow to open the transaction", async () => {
    const rows = [
      { id: "5b0f2a54-7f3e-4c39-9a53-0c1d2e3f4a01", nome: "Primeira Pessoa" },
      { id: "5b0f2a54-7f3e-4c39-9a53-0c1d2e3f4a02", nome: "Segunda Pessoa" },
    ];
    const file = write("small.jsonl.gz", gzipSync(backupLines(rows)));
    // A busy pool or a slow network: BEGIN answers after the file has been read.
    const slow: Database = {
      kind: db.kind,
      query: (sql, params) => db.query(sql, params),
      exec: (sql) => db.exec(sql),
      listen: (channel, onPayload) => db.listen(channel, onPayload),
      close: () => db.close(),
      transaction: async (fn) => {
        await sleep(300);
        return db.transaction(fn);
      },
    };
    // Before the fix this never settled; the test's own timeout catches that.
    expect(await restoreFrom(slow, file)).toEqual({ registrations: 2 });
    const stored = await db.query<{ id: string; nome_completo: string }>(
      "SELECT id, nome_completo FROM registrations ORDER BY id",
    );
    expect(stored).toEqual(rows.map((r) => ({ id: r.id, nome_completo: r.nome })));
    await db.query("DELETE FROM registrations");
  }, 20_000);

  it("refuses a file that is not gzip, a cut-off one or an unreadable line, and keeps nothing of it", async () => {
    const person = { id: "5b0f2a54-7f3e-4c39-9a53-0c1d2e3f4a03", nome: "Terceira Pessoa" };
    const whole = gzipSync(backupLines([person]));
    const notGzip = "O arquivo não é um backup válido: não é gzip ou está incompleto.";
    for (const [file, message] of [
      [write("not-gzip.jsonl.gz", Buffer.from('{"format":"caravana-backup"}\n')), notGzip],
      [write("cut.jsonl.gz", whole.subarray(0, whole.length - 12)), notGzip],
      [
        write("garbled.jsonl.gz", gzipSync(`${backupLines([person])}\n{"t": "registrations", "r": {`)),
        "O arquivo não é um backup válido: a linha 3 não pôde ser lida.",
      ],
    ]) {
      const err = await restoreFrom(db, file).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RestoreError);
      expect((err as Error).message).toBe(message);
      expect(await registrationCount()).toBe(0);
    }
  });

  it("refuses crafted files quickly: one 64 MB line, JSON nested 100,000 deep, a header that claims another edition", async () => {
    const header = JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION });
    const started = Date.now();
    const long = write("long.jsonl.gz", gzipSync(`${header}\n${"x".repeat(64 * 1024 * 1024)}`));
    expect(readFileSync(long).length).toBeLessThan(100_000);
    const longErr = await restoreFrom(db, long).catch((e: unknown) => e);
    expect((longErr as Error).message).toBe("O arquivo não é um backup válido: tem uma linha longa demais.");
    expect(Date.now() - started).toBeLessThan(10_000);

    const deep = write("deep.jsonl.gz", gzipSync(`${header}\n${"[".repeat(100_000)}${"]".repeat(100_000)}`));
    const deepErr = await restoreFrom(db, deep).catch((e: unknown) => e);
    expect(deepErr).toBeInstanceOf(RestoreError);
    expect((deepErr as Error).message).toBe("O arquivo não é um backup válido: a linha 2 não pôde ser lida.");

    const forged = write(
      "forged.jsonl.gz",
      gzipSync(JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, edicao: { id: "1; DROP", nome: 7 } })),
    );
    expect(((await restoreFrom(db, forged).catch((e: unknown) => e)) as Error).message).toBe(
      "O cabeçalho do backup está corrompido.",
    );
    expect(await registrationCount()).toBe(0);
  }, 30_000);

  it("never rewrites a closed edition, whatever the header claims", async () => {
    await db.query(
      `UPDATE edicoes SET nome = 'JDJ 2025', totais = '{}', encerrada_em = now(),
         escolhas = '{"nova": "JDJ 2026", "onibus": true, "equipe": true, "configuracoes": true, "dados": "apagar"}'
       WHERE id = 1`,
    );
    await db.query("INSERT INTO edicoes (id, nome) VALUES (2, 'JDJ 2026')");
    const claim = { format: BACKUP_FORMAT, version: BACKUP_VERSION, edicao: { id: 99, nome: "Futura" } };
    const rewrite = { t: "edicoes", r: { id: 1, nome: "Reescrita", aberta_em: "2025-01-01T00:00:00Z" } };
    const file = write("rewrite.jsonl.gz", gzipSync([claim, rewrite].map((l) => JSON.stringify(l)).join("\n")));
    const err = await restoreFrom(db, file).catch((e: unknown) => e);
    expect((err as Error).message).toBe(
      "Este banco já tem edições encerradas. Restaure o backup em um banco novo (outro DATA_DIR ou DATABASE_URL).",
    );
    expect(await db.query("SELECT nome FROM edicoes WHERE id = 1")).toEqual([{ nome: "JDJ 2025" }]);
    await db.query("DELETE FROM edicoes WHERE id = 2");
    await db.query("UPDATE edicoes SET encerrada_em = NULL, totais = NULL, escolhas = NULL WHERE id = 1");
    await db.query("DELETE FROM activity_log");
  });
});

describe("backup files are private", () => {
  let db: Database;
  useFreshDatabase("pglite", (opened) => (db = opened));
  const root = mkdtempSync(join(tmpdir(), "caravana-modes-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("are created 0600 in a 0700 folder, also when the folder existed open to others", async () => {
    const dir = join(root, "backups");
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    const { file } = await writeBackup(db, { dir });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const fresh = join(root, "new", "backups");
    await writeBackup(db, { dir: fresh });
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
  });
});
