import type { EventSettings } from "../../shared/event-settings";
import { dayBefore, eventDay } from "../../shared/my-registration";
import { dayIn, hourIn } from "../../shared/dates";
import type { Database, Queryable } from "../db/database";

/** From this hour (in the event's zone) of the day before, the reminders of the next day go out. */
export const DEADLINE_REMINDER_HOUR = 9;
export const EVE_NOTICE_HOUR = 12;

/** app_settings' key: the trip day whose eve notice was queued, so it goes once across instances and restarts. */
export const EVE_KEY = "aviso_vespera";

async function now(db: Queryable): Promise<Date> {
  const [{ agora }] = await db.query<{ agora: Date }>("SELECT caravana_agora() AS agora");
  return new Date(agora);
}

/**
 * "Seu prazo para pagar vence amanhã": from DEADLINE_REMINDER_HOUR of the day
 * before a deadline's day, once per deadline (an extended one is reminded
 * again). aviso_lembretes is the claim: of two instances, one inserts or
 * updates the row and queues the notice; the other finds it done.
 */
export async function queueDeadlineReminders(db: Database, zone: string): Promise<number> {
  const at = await now(db);
  if (hourIn(at, zone) < DEADLINE_REMINDER_HOUR) return 0;
  return db.transaction(async (tx) => {
    const claimed = await tx.query<{ inscricao_id: string }>(
      `INSERT INTO aviso_lembretes (inscricao_id, prazo)
       SELECT r.id, r.prazo_pagamento FROM registrations r
       WHERE r.situacao = 'vaga' AND r.status_pagamento = 'pendente'
         AND r.prazo_pagamento > caravana_agora() AND r.prazo_pagamento < caravana_agora() + interval '48 hours'
         AND (r.prazo_pagamento AT TIME ZONE $1)::date = (caravana_agora() AT TIME ZONE $1)::date + 1
         AND EXISTS (SELECT 1 FROM aviso_inscricoes a WHERE a.inscricao_id = r.id)
       ON CONFLICT (inscricao_id) DO UPDATE SET prazo = excluded.prazo
         WHERE aviso_lembretes.prazo IS DISTINCT FROM excluded.prazo
       RETURNING inscricao_id`,
      [zone],
    );
    if (claimed.length === 0) return 0;
    const [{ n }] = await tx.query<{ n: number }>(
      `SELECT coalesce(sum(caravana_avisar(r.id, 'prazo_amanha', 'Seu prazo para pagar vence amanhã',
                caravana_quem(r.nome_completo, r.referencia) || ': pague até ' || caravana_quando(r.prazo_pagamento)
                  || ', ou a vaga passa para a próxima pessoa da lista de espera. Se já pagou, aguarde a confirmação.')), 0)::int AS n
       FROM registrations r WHERE r.id = ANY($1::uuid[])`,
      [claimed.map((c) => c.inscricao_id)],
    );
    return n;
  });
}

/** "saída às 05h30" from "05h30"; "a partir das 08h" from "A partir das 08h". */
export function departureWords(horario: string): string {
  const h = horario.trim();
  return /^\d/.test(h) ? `saída às ${h}` : `${h.charAt(0).toLowerCase()}${h.slice(1)}`;
}

/**
 * "Amanhã é a caravana: saída às 05h30, Matriz": from EVE_NOTICE_HOUR of the
 * day before the event's day ("Data" in Configurações), to everyone seated,
 * once (app_settings EVE_KEY names the day it went for).
 */
export async function queueEveNotices(db: Database, settings: EventSettings): Promise<number> {
  const at = await now(db);
  const zone = settings.fuso_horario;
  const today = dayIn(at, zone);
  const trip = eventDay(settings.data, today);
  if (!trip || dayBefore(trip) !== today || hourIn(at, zone) < EVE_NOTICE_HOUR) return 0;
  return db.transaction(async (tx) => {
    const [claimed] = await tx.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE app_settings.value IS DISTINCT FROM excluded.value
       RETURNING key`,
      [EVE_KEY, trip],
    );
    if (!claimed) return 0;
    const title = `Amanhã é a caravana: ${departureWords(settings.horario)}, ${settings.local}`;
    const [{ n }] = await tx.query<{ n: number }>(
      `SELECT coalesce(sum(caravana_avisar(r.id, 'vespera', $1,
                caravana_quem(r.nome_completo, r.referencia) || ': ' || coalesce(o.nome, 'vaga na caravana') || '. Até amanhã!')), 0)::int AS n
       FROM registrations r LEFT JOIN onibus o ON o.id = r.onibus_id
       WHERE r.situacao = 'vaga' AND EXISTS (SELECT 1 FROM aviso_inscricoes a WHERE a.inscricao_id = r.id)`,
      [title],
    );
    return n;
  });
}
