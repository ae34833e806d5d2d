import type { Registration } from "../../../../shared/api-types";
import { DEADLINE_SOON_HOURS } from "../../../../shared/deadlines";
import { deadlineIn } from "../../../../shared/dates";
import { appConfig } from "../../../lib/app-config";

/**
 * Where a registration stands with its deadline now: none, ahead, near, passed (within the statement's tolerance),
 * past the tolerance too (the seat may be released), or its seat went on.
 */
export function deadlineState(
  r: Registration,
  now = Date.now(),
): "nenhum" | "prazo" | "breve" | "passou" | "liberavel" | "vencida" {
  if (r.situacao === "vencida") return "vencida";
  if (!r.prazo_pagamento || r.situacao !== "vaga" || r.status_pagamento !== "pendente") return "nenhum";
  const left = Date.parse(r.prazo_pagamento) - now;
  if (left < 0) return r.liberavel_em && Date.parse(r.liberavel_em) <= now ? "liberavel" : "passou";
  return left < DEADLINE_SOON_HOURS * 3_600_000 ? "breve" : "prazo";
}

/** "Pagar até 16/08 às 20:00" under the seat, warmer as it nears; what passed, once it did. */
export function DeadlineNote({ registration: r }: { registration: Registration }) {
  const state = deadlineState(r);
  if (state === "nenhum" || !r.prazo_pagamento) return null;
  const when = deadlineIn(r.prazo_pagamento, appConfig().timeZone);
  const text =
    state === "vencida" || state === "liberavel"
      ? `Prazo venceu em ${when}`
      : state === "passou"
        ? `Prazo venceu em ${when}; aguardando o extrato`
        : `Pagar até ${when}`;
  // Past the tolerance it looks as passed does: only "Liberar vaga" is new.
  return <span className={`reg-deadline reg-deadline-${state === "liberavel" ? "passou" : state}`}>{text}</span>;
}
