import { ms, percentile, type Report } from "./support-report";
import { adminCookie } from "./support-server";

/** Names on one guardian's phone for the one-phone attack: long, all different, some within others (marked). */
export const ONE_PHONE_NAMES = 1000;
const WORDS = [
  "Maria",
  "Ana",
  "Clara",
  "Luiza",
  "Pedro",
  "Henrique",
  "Joao",
  "Miguel",
  "Sofia",
  "Helena",
  "Valentina",
  "Gabriel",
  "Rafael",
  "Lucas",
  "Beatriz",
  "Isabela",
  "Oliveira",
  "Santos",
  "Pereira",
  "Costa",
  "Rodrigues",
  "Almeida",
  "Nascimento",
  "Lima",
  "Araujo",
  "Fernandes",
  "Carvalho",
  "Gomes",
  "Martins",
  "Rocha",
  "Ribeiro",
  "Barbosa",
];

/** The i-th name: six words drawn from i, all different; every tenth keeps five, so it is within its group's names. */
export function onePhoneName(i: number): string {
  const group = i - (i % 10);
  const words = Array.from({ length: 6 }, (_, k) => WORDS[(group * 7 + k * 5 + (k === 5 ? i % 10 : 0)) % WORDS.length]);
  return i % 10 === 9 ? `${words.slice(0, 5).join(" ")} ${group}` : `${words.join(" ")} ${group} x${i % 10}`;
}

async function timed(url: string, cookie: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

/**
 * The review's one-phone stall: ONE_PHONE_NAMES registrations on one phone
 * (the server started with the rate and per-phone limits raised), then the
 * panel's list and its duplicates filter, with /api/health asked while the
 * filter runs.
 */
export async function onePhoneAttack(baseUrl: string, kind: string, r: Report): Promise<void> {
  const seedStarted = performance.now();
  for (let i = 0; i < ONE_PHONE_NAMES; i += 20) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(20, ONE_PHONE_NAMES - i) }, (_, k) =>
        fetch(`${baseUrl}/api/registrations`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            nome_completo: onePhoneName(i + k),
            idade: 20,
            numero_responsavel: "98911112222",
            metodo_pagamento: "PIX",
          }),
        }).then((res) => res.status),
      ),
    );
    if (answers.some((s) => s !== 201)) throw new Error(`semeadura num telefone: ${answers.join(",")}`);
  }
  r.info(`${kind} um telefone: ${ONE_PHONE_NAMES} inscrições semeadas em`, ms(performance.now() - seedStarted));

  const cookie = await adminCookie(baseUrl);
  const list: number[] = [];
  const dups: number[] = [];
  const health: number[] = [];
  let failures = 0;
  for (let round = 0; round < 10; round++) {
    const l = await timed(`${baseUrl}/api/registrations?sort=nome`, cookie);
    list.push(l.ms);
    // The filter and /api/health at once: the health answer waits for nothing else.
    const [d, h] = await Promise.all([
      timed(`${baseUrl}/api/registrations?status=duplicatas`, cookie),
      timed(`${baseUrl}/api/health`, ""),
    ]);
    dups.push(d.ms);
    health.push(h.ms);
    failures += [l, d, h].filter((x) => x.status !== 200).length;
  }
  r.check(`${kind} um telefone: respostas não-200`, String(failures), "= 0", failures === 0);
  const p95 = (xs: number[]) => percentile(xs, 95);
  r.check(`${kind} um telefone: lista p95`, ms(p95(list)), "≤ 200 ms", p95(list) <= 200);
  r.check(`${kind} um telefone: filtro de duplicatas p95`, ms(p95(dups)), "≤ 500 ms", p95(dups) <= 500);
  r.check(`${kind} um telefone: /api/health durante o filtro p95`, ms(p95(health)), "≤ 200 ms", p95(health) <= 200);
}
