import { randomUUID } from "node:crypto";
import { mb, ms, percentile, type Report } from "./support-report";
import { adminCookie, memoryOf } from "./support-server";

type Visitor = (base: string, path: string) => { stop: () => Promise<{ latencies: number[]; errors: number }> };

async function register(base: string, data: object): Promise<{ id: string; referencia: string; upload_token: string }> {
  const res = await fetch(`${base}/api/registrations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ idade: 20, metodo_pagamento: "PIX", ...data }),
  });
  if (res.status !== 201) throw new Error(`inscrição falhou: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ id: string; referencia: string; upload_token: string }>;
}

/** "Encontrar minha inscrição" from another phone. */
async function lookup(base: string, telefone: string, codigo: string): Promise<number> {
  const res = await fetch(`${base}/api/minha-inscricao/busca`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ telefone, codigo }),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * The lookup lock (issue 49): a stranger's wrong codes on the family's number
 * must not get the family's right pair a 429. The server trusts no proxy here,
 * so every lookup comes from 127.0.0.1: the stranger's tries and the family's
 * share the per-address limit of 30 an hour, which is why they stay few.
 */
export async function lookupLockAttack(base: string, kind: string, r: Report) {
  const phone = "98955550000";
  const family = await register(base, { nome_completo: "Família Trancada", numero_responsavel: phone });
  const statuses: Record<string, number> = {};
  for (let i = 0; i < 12; i++) {
    const s = await lookup(base, phone, `JDJ${"ABCDEFGHJKLM"[i]}ZZZ`);
    statuses[s] = (statuses[s] ?? 0) + 1;
  }
  r.info(`${kind} busca: 12 códigos errados no número da família`, JSON.stringify(statuses));
  r.check(`${kind} busca: o 12º código errado espera`, String(statuses[429] ?? 0), "> 0", (statuses[429] ?? 0) > 0);
  const right = await lookup(base, phone, family.referencia);
  r.check(`${kind} busca: o par certo da família logo depois`, String(right), "200", right === 200);
}

/**
 * Link minting (issue 49): 200 "Copiar texto" on one held row made 200 secrets.
 * Now the row keeps its links, and "Enviar link" stops at the hourly cap.
 */
export async function linkMintingAttack(base: string, kind: string, r: Report) {
  const cookie = await adminCookie(base);
  const child = await register(base, { nome_completo: "Criança dos Links", numero_responsavel: "98955551111" });
  const list = await fetch(`${base}/api/mensagens/listas`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({
      grupo: "selecionados",
      ids: [child.id],
      texto_chave: "lembrete_pagamento",
      texto: "{nome}: {link}",
    }),
  });
  if (list.status !== 201) throw new Error(`lista falhou: ${list.status} ${await list.text()}`);
  const { id } = (await list.json()) as { id: string };
  const view = (await (await fetch(`${base}/api/mensagens/listas/${id}`, { headers: { cookie } })).json()) as {
    linhas: { id: string }[];
  };
  const started = performance.now();
  const texts = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${base}/api/mensagens/linhas/${view.linhas[0].id}/texto`, {
      method: "POST",
      headers: { cookie },
    });
    texts.add(((await res.json()) as { texto: string }).texto);
  }
  r.info(`${kind} 200 "Copiar texto" numa linha: duração`, ms(performance.now() - started));
  r.check(`${kind} 200 "Copiar texto" numa linha: links diferentes`, String(texts.size), "= 1", texts.size === 1);
  let sent = 0;
  let status = 200;
  while (status === 200 && sent < 100) {
    const res = await fetch(`${base}/api/registrations/${child.id}/link`, { method: "POST", headers: { cookie } });
    await res.arrayBuffer();
    status = res.status;
    if (status === 200) sent++;
  }
  r.check(
    `${kind} "Enviar link" repetido: links dados numa hora`,
    `${sent + 1} e então ${status}`,
    "≤ 12, então 429",
    sent + 1 <= 12 && status === 429,
  );
}

/** Just under the import's 5 MB limit. */
const FIVE_MB = 5 * 1024 * 1024 - 1024;

/** A 5 MB CSV of Nubank's shape: 20,000 entries, nearly all money out, so the import reads much and writes little. */
function fiveMbStatement(n: number): string {
  const day = new Date(Date.now() - 5 * 86_400_000);
  const date = `${String(day.getUTCDate()).padStart(2, "0")}/${String(day.getUTCMonth() + 1).padStart(2, "0")}/${day.getUTCFullYear()}`;
  const credits = Array.from(
    { length: 10 },
    (_, i) => `${date},15.00,${randomUUID()},Transferência recebida pelo Pix - PAGADOR ${n} ${i}`,
  );
  const lines = ["Data,Valor,Identificador,Descrição"];
  const fixed = Buffer.byteLength(`${[...lines, ...credits].join("\n")}\n`);
  const debits = 19_990;
  // Each debit line padded so the file ends just under 5 MB.
  const per = Math.floor((FIVE_MB - fixed) / debits);
  for (let i = 0; i < debits; i++) {
    const head = `${date},-12.34,${randomUUID()},Transferência enviada pelo Pix - FORNECEDOR ${n} ${i} `;
    lines.push(head + "x".repeat(Math.max(0, per - Buffer.byteLength(head) - 1)));
  }
  return `${[...lines, ...credits].join("\n")}\n`;
}

/**
 * Eight 5 MB statements at once (issue 49): the server stays under 400 MB,
 * a visitor's GET / p95 within 200 ms, and each file is read or refused, in
 * its turn, within 30 s.
 */
export async function statementsAtOnceAttack(base: string, pid: number, kind: string, r: Report, visitor: Visitor) {
  const cookie = await adminCookie(base);
  const files = Array.from({ length: 8 }, (_, i) => fiveMbStatement(i));
  r.info(`${kind} 8 extratos: tamanho de cada`, mb(Buffer.byteLength(files[0])));
  const before = memoryOf(pid).rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 50);
  const v = visitor(base, "/");
  const started = performance.now();
  const answers = await Promise.all(
    files.map(async (content, i) => {
      const form = new FormData();
      form.append("leitura", randomUUID());
      form.append("arquivo", new Blob([content]), `extrato-${i}.csv`);
      const res = await fetch(`${base}/api/finance/statements`, { method: "POST", body: form, headers: { cookie } });
      await res.arrayBuffer();
      return { status: res.status, at: performance.now() - started };
    }),
  );
  const stats = await v.stop();
  clearInterval(sampler);
  peak = Math.max(peak, memoryOf(pid).rss);
  const ends = answers.map((a) => a.at).sort((a, b) => a - b);
  const turns = ends.map((end, i) => end - (i === 0 ? 0 : ends[i - 1]));
  r.info(`${kind} 8 extratos: respostas`, answers.map((a) => a.status).join(", "));
  r.info(`${kind} 8 extratos: memória antes`, mb(before));
  r.check(`${kind} 8 extratos: memória do servidor, pico`, mb(peak), "< 400 MB", peak < 400 * 1024 * 1024);
  const answered = answers.every((a) => a.status === 200 || (a.status >= 400 && a.status < 500));
  r.check(
    `${kind} 8 extratos: cada um lido ou recusado na sua vez`,
    `maior vez ${ms(Math.max(...turns))}, último em ${ms(ends[ends.length - 1])}`,
    "≤ 30 s cada",
    answered && Math.max(...turns) <= 30_000,
  );
  const p95 = percentile(stats.latencies, 95);
  r.check(`${kind} 8 extratos: visitante GET / p95`, ms(p95), "≤ 200 ms", p95 <= 200 && stats.errors === 0);
}
