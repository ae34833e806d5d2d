import {
  BOARDING_MESSAGES,
  type BoardingList,
  type BoardingPassenger,
  type Mark,
  type MarksResult,
  NO_BUS_LABEL,
  type LeaderSheetBus,
} from "../../shared/boarding";
import type { Queryable } from "../db/database";
import { NotFoundError } from "../domain-errors";

/** A phone's clock may run this far ahead (minutes) before its marks are refused. */
const MARK_FUTURE_TOLERANCE_MIN = 5;

// The roll call (embarques in docs/schema.md, docs/decisions/026). Marks come from phones
// that may have queued them offline for hours; the database keeps, per person
// and trip, the one made last.

const PASSENGER_COLUMNS = `r.id, r.nome_completo, r.idade, r.numero_responsavel, r.metodo_pagamento, r.status_pagamento, r.referencia, r.onibus_id,
  coalesce((SELECT e.embarcou FROM embarques e WHERE e.inscricao_id = r.id AND e.viagem = 'ida'), false) AS ida,
  coalesce((SELECT e.embarcou FROM embarques e WHERE e.inscricao_id = r.id AND e.viagem = 'volta'), false) AS volta,
  caravana_falta_autorizacao(r) AS sem_autorizacao, r.acompanhante,
  CASE WHEN r.status_pagamento = 'pendente' THEN caravana_valor_devido(r) ELSE 0 END AS devido_centavos`;

/** "Imprimir lista", the leader's version: per bus, its leader, and each passenger's guardian and health notes. */
export async function readLeaderSheet(db: Queryable): Promise<LeaderSheetBus[]> {
  const rows = await db.query<LeaderSheetBus["passageiros"][number] & { onibus_id: string | null }>(
    `SELECT r.id, r.nome_completo, r.idade, r.responsavel_nome, r.parentesco, r.numero_responsavel, r.saude, r.onibus_id,
            r.acompanhante,
            caravana_falta_autorizacao(r) AS sem_autorizacao
     FROM registrations r WHERE r.situacao = 'vaga' ORDER BY r.nome_busca COLLATE "C", r.id`,
  );
  const buses = await db.query<Omit<LeaderSheetBus, "passageiros">>(
    "SELECT id, nome, responsavel_nome AS lider_nome, responsavel_telefone AS lider_telefone FROM onibus ORDER BY ordem, id",
  );
  const sheets: LeaderSheetBus[] = buses.map((b) => ({ ...b, passageiros: [] }));
  const byId = new Map(sheets.map((b) => [b.id, b]));
  for (const { onibus_id, ...p } of rows) {
    let bus = byId.get(onibus_id);
    if (!bus) {
      bus = { id: null, nome: NO_BUS_LABEL, lider_nome: null, lider_telefone: null, passageiros: [] };
      byId.set(onibus_id, bus);
      sheets.push(bus);
    }
    bus.passageiros.push(p);
  }
  return sheets;
}

/** Every bus and its seated people, plus who holds a pass without a seat: what the phone keeps offline. */
export async function readBoardingList(db: Queryable): Promise<BoardingList> {
  const [{ agora, onibus, passageiros, fora }] = await db.query<{
    agora: Date;
    onibus: BoardingList["onibus"] | null;
    passageiros: BoardingPassenger[] | null;
    fora: BoardingList["fora"] | null;
  }>(
    `SELECT now() AS agora,
       (SELECT json_agg(json_build_object('id', id, 'nome', nome, 'lugares', lugares, 'equipe_id', equipe_id)
                ORDER BY ordem, id) FROM onibus) AS onibus,
       (SELECT json_agg(p ORDER BY p.nome_completo) FROM (
          SELECT ${PASSENGER_COLUMNS} FROM registrations r WHERE r.situacao = 'vaga') p) AS passageiros,
       (SELECT json_agg(json_build_object('referencia', referencia, 'nome_completo', nome_completo, 'situacao', situacao))
          FROM registrations WHERE situacao <> 'vaga' AND referencia IS NOT NULL) AS fora`,
  );
  const people = passageiros ?? [];
  const buses = onibus ?? [];
  // Seated while no bus existed: a group of their own, so nobody is left out of a roll call.
  if (people.some((p) => p.onibus_id === null)) buses.push({ id: null, nome: NO_BUS_LABEL, lugares: null });
  return { agora: new Date(agora).toISOString(), onibus: buses, passageiros: people, fora: fora ?? [] };
}

/**
 * Applies a batch of marks. Within the batch and against the table, the mark
 * made last wins (embarques' primary key and the upsert below), so a replay or a late undo is harmless. A
 * mark for someone without a seat, or dated before the registration existed,
 * is refused and changes nothing. So is one dated more than a few minutes
 * ahead (a phone whose clock runs fast): its time is never changed, so a
 * replay of any mark finds it already counted and changes nothing.
 */
export async function applyMarks(db: Queryable, marks: Mark[]): Promise<MarksResult> {
  const params = [
    marks.map((m) => m.id),
    marks.map((m) => m.inscricao_id),
    marks.map((m) => m.viagem),
    marks.map((m) => m.embarcou),
    marks.map((m) => m.feito_em),
    MARK_FUTURE_TOLERANCE_MIN,
  ];
  const [result] = await db.query<{
    recusadas: { id: string; nome: string | null; antes: boolean | null; futuro: boolean }[] | null;
    estado: MarksResult["estado"] | null;
  }>(
    `WITH m AS (
       SELECT m.id, m.inscricao_id, m.viagem, m.embarcou, m.feito_em,
              m.feito_em > now() + make_interval(mins => $6) AS futuro
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::boolean[], $5::timestamptz[])
         AS m(id, inscricao_id, viagem, embarcou, feito_em)
     ), valid AS (
       SELECT DISTINCT ON (m.inscricao_id, m.viagem) m.*
       FROM m JOIN registrations r ON r.id = m.inscricao_id AND r.situacao = 'vaga' AND m.feito_em >= r.created_at
       WHERE NOT m.futuro
       ORDER BY m.inscricao_id, m.viagem, m.feito_em DESC, m.id DESC
     ), saved AS (
       INSERT INTO embarques AS e (inscricao_id, viagem, embarcou, marcado_em, marca_id)
       SELECT inscricao_id, viagem, embarcou, feito_em, id FROM valid
       ON CONFLICT (inscricao_id, viagem) DO UPDATE
         SET embarcou = excluded.embarcou, marcado_em = excluded.marcado_em, marca_id = excluded.marca_id, recebido_em = now()
         WHERE (excluded.marcado_em, excluded.marca_id) > (e.marcado_em, e.marca_id)
       RETURNING e.inscricao_id, e.viagem, e.embarcou
     )
     SELECT
       (SELECT json_agg(json_build_object('id', m.id, 'nome', r.nome_completo, 'antes', m.feito_em < r.created_at,
                                          'futuro', m.futuro))
          FROM m LEFT JOIN registrations r ON r.id = m.inscricao_id
          WHERE r.id IS NULL OR r.situacao <> 'vaga' OR m.feito_em < r.created_at OR m.futuro) AS recusadas,
       (SELECT json_agg(json_build_object(
           'id', r.id,
           'ida', coalesce((SELECT s.embarcou FROM saved s WHERE s.inscricao_id = r.id AND s.viagem = 'ida'),
                           (SELECT e.embarcou FROM embarques e WHERE e.inscricao_id = r.id AND e.viagem = 'ida'), false),
           'volta', coalesce((SELECT s.embarcou FROM saved s WHERE s.inscricao_id = r.id AND s.viagem = 'volta'),
                             (SELECT e.embarcou FROM embarques e WHERE e.inscricao_id = r.id AND e.viagem = 'volta'), false)))
          FROM registrations r WHERE r.situacao = 'vaga' AND r.id IN (SELECT inscricao_id FROM m)) AS estado`,
    params,
  );
  const refused = (result.recusadas ?? []).map((r) => ({
    id: r.id,
    mensagem: !r.nome
      ? BOARDING_MESSAGES.notFound
      : r.futuro
        ? BOARDING_MESSAGES.inTheFuture(r.nome)
        : r.antes
          ? BOARDING_MESSAGES.beforeRegistration(r.nome)
          : BOARDING_MESSAGES.notSeated(r.nome),
  }));
  const refusedIds = new Set(refused.map((r) => r.id));
  return {
    recebidas: marks.map((m) => m.id).filter((id) => !refusedIds.has(id)),
    recusadas: refused,
    estado: result.estado ?? [],
  };
}

/** One seated person as the roll call shows them. */
export async function readPassenger(db: Queryable, id: string): Promise<BoardingPassenger> {
  const [row] = await db.query<BoardingPassenger>(`SELECT ${PASSENGER_COLUMNS} FROM registrations r WHERE r.id = $1`, [
    id,
  ]);
  if (!row) throw new NotFoundError(BOARDING_MESSAGES.notFound);
  return row;
}
