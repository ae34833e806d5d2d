import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import type { RegistrationData } from "../src/shared/registration-schema";
import { FIRST_NAMES, SURNAMES } from "./support-seed";

/** Clients of a surge, each with one registration in flight at a time. */
export const SURGE_CONNECTIONS = 64;
/** The production limit (30 a minute per IP) would answer 429 to a load test from one IP. */
export const SURGE_RATE_LIMIT = "100000000";

/** The i-th registration: a unique name, a plausible phone, every method and some minors. */
export function surgeRegistration(i: number): RegistrationData {
  const idade = 12 + (i % 19);
  return {
    nome_completo: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${SURNAMES[(i * 7) % SURNAMES.length]} ${i}`,
    idade,
    numero_responsavel: `989${String(i % 1e8).padStart(8, "0")}`,
    metodo_pagamento: i % 3 === 0 ? "ESPECIE" : "PIX",
    ...(idade < 18 ? { consentimento: true, responsavel_nome: "Maria Responsável", parentesco: "mae" } : {}),
  };
}

/**
 * 64 clients POST unique registrations for `seconds`; `sent` counts the
 * requests made. With `rate`, all clients together send at most that many a
 * second (a realistic registration day is a few per second).
 */
export async function surge(baseUrl: string, seconds: number, rate?: number) {
  let sent = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: SURGE_CONNECTIONS,
    duration: seconds,
    timeout: 10,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: "POST",
        path: "/api/registrations",
        setupRequest: (req) => {
          const i = sent++;
          return {
            ...req,
            headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
            body: JSON.stringify(surgeRegistration(i)),
          };
        },
      },
    ],
  });
  return { result, sent, ok: result["2xx"], failed: result.non2xx + result.errors };
}
