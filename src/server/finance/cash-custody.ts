import { FINANCE_MESSAGES } from "../../shared/finance";
import type { CashView, HandoverView } from "../../shared/finance-views";
import type { Database, Queryable } from "../db/database";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "../domain-errors";

const PEOPLE_SQL = `SELECT u.id, u.nome, u.papel,
    coalesce((SELECT sum(p.valor_centavos) FROM pagamentos p
              WHERE p.recebido_por = u.id AND p.metodo = 'ESPECIE' AND p.tipo IN ('pagamento', 'estorno')), 0)::int
    + coalesce((SELECT sum(e.valor_centavos) FROM entregas_dinheiro e WHERE e.para = u.id AND e.confirmada_em IS NOT NULL), 0)::int
      AS recebido_centavos,
    coalesce((SELECT sum(e.valor_centavos) FROM entregas_dinheiro e WHERE e.de = u.id), 0)::int AS entregue_centavos,
    caravana_em_maos(u.id) AS em_maos_centavos
  FROM admin_users u`;

const HANDOVER_SQL = `SELECT e.id::text, json_build_object('id', g.id, 'nome', g.nome) AS de,
    json_build_object('id', r.id, 'nome', r.nome) AS para, e.valor_centavos, e.em, e.confirmada_em,
    json_build_object('id', w.id, 'nome', w.nome) AS registrada_por
  FROM entregas_dinheiro e JOIN admin_users g ON g.id = e.de JOIN admin_users r ON r.id = e.para
  LEFT JOIN admin_users w ON w.id = e.registrada_por`;

/**
 * Cash per person: received (in cash and in confirmed handovers), handed over,
 * and in hand (caravana_em_maos). Equipe sees only their own.
 */
export async function cashView(db: Queryable, viewer: { id: number; papel: string }): Promise<CashView> {
  const own = viewer.papel !== "coordenacao";
  const pessoas = await db.query<CashView["pessoas"][number]>(
    `${PEOPLE_SQL} WHERE ${own ? "u.id = $1" : "u.ativo OR u.id = $1 OR caravana_em_maos(u.id) <> 0"} ORDER BY u.nome`,
    [viewer.id],
  );
  const entregas = await db.query<HandoverView>(
    `${HANDOVER_SQL} ${own ? "WHERE e.de = $1 OR e.para = $1" : "WHERE $1::int IS NOT NULL"} ORDER BY e.em DESC LIMIT 200`,
    [viewer.id],
  );
  const recebedores = await db.query<{ id: number; nome: string }>(
    "SELECT id, nome FROM admin_users WHERE papel = 'coordenacao' AND ativo ORDER BY nome",
  );
  return { pessoas: own ? pessoas.filter((p) => p.id === viewer.id) : pessoas, entregas, recebedores, eu: viewer.id };
}

/**
 * "Registrar entrega": cash from one person to a Coordenação member. The
 * receiver registering it confirms it at once, and the giver's screen and the
 * log say who registered it; otherwise the receiver confirms it later.
 * The database refuses more than the giver holds (entregas_guard).
 */
export async function registerHandover(
  db: Database,
  actor: { id: number; papel: string },
  input: { para: number; valor_centavos: number; de?: number },
): Promise<HandoverView> {
  const de = actor.papel === "coordenacao" && input.de ? input.de : actor.id;
  if (de === input.para) throw new InvalidInputError("Quem entrega e quem recebe precisam ser pessoas diferentes.");
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO entregas_dinheiro (de, para, valor_centavos, registrada_por, confirmada_em)
     VALUES ($1::int, $2::int, $3::int, $4::int, CASE WHEN $2::int = $4::int THEN now() END) RETURNING id::text`,
    [de, input.para, input.valor_centavos, actor.id],
  );
  const [view] = await db.query<HandoverView>(`${HANDOVER_SQL} WHERE e.id = $1`, [row.id]);
  return view;
}

/** The receiver confirms a handover registered by the giver. */
export async function confirmHandover(db: Database, actor: { id: number }, id: string): Promise<HandoverView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ para: number; confirmada_em: string | null }>(
      "SELECT para, confirmada_em FROM entregas_dinheiro WHERE id = $1 FOR UPDATE",
      [id],
    );
    if (!row) throw new NotFoundError(FINANCE_MESSAGES.handoverNotFound);
    if (row.para !== actor.id) throw new ForbiddenError(FINANCE_MESSAGES.handoverNotYours);
    if (row.confirmada_em) throw new ConflictError(FINANCE_MESSAGES.handoverDone);
    await tx.query("UPDATE entregas_dinheiro SET confirmada_em = now() WHERE id = $1", [id]);
    const [view] = await tx.query<HandoverView>(`${HANDOVER_SQL} WHERE e.id = $1`, [id]);
    return view;
  });
}
