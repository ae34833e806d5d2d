import type { StatementLineView } from "../../shared/finance-views";
import type { Queryable } from "../db/database";
import { payerAsWritten } from "./statement/statement-matching";

/**
 * The payer as the bank wrote it ("FULANO DE TAL"), kept at the import and after the description is cleared;
 * the stored pagador is the folded key repeats are found by, the last resort.
 */
const shown = (lines: (StatementLineView & { pagador_escrito: string | null })[]): StatementLineView[] =>
  lines.map(({ pagador_escrito, ...l }) => ({
    ...l,
    pagador: pagador_escrito || payerAsWritten(l.descricao ?? "") || l.pagador,
  }));

/** A statement line as the panel shows it: the suggested registrations, and those it paid. */
const LINE_VIEW_SQL = `SELECT l.id::text, to_char(l.data, 'YYYY-MM-DD') AS data, l.valor_centavos, l.descricao, l.pagador,
    l.pagador_escrito,
    l.banco, l.estado, l.como,
    coalesce((SELECT json_agg(json_build_object('id', r.id, 'nome_completo', r.nome_completo, 'referencia', r.referencia,
                'devido_centavos', caravana_valor_devido(r), 'status_pagamento', r.status_pagamento,
                'situacao', r.situacao) ORDER BY s.ord)
              FROM unnest(l.sugestoes) WITH ORDINALITY s(id, ord) JOIN registrations r ON r.id = s.id), '[]') AS candidatos,
    coalesce((SELECT json_agg(json_build_object('id', p.inscricao_id, 'nome_completo', p.nome) ORDER BY p.id)
              FROM pagamentos p WHERE p.extrato_linha_id = l.id AND p.tipo = 'pagamento' AND l.estado = 'paga'), '[]') AS pagou,
    (SELECT json_build_object('data', to_char(o.data, 'YYYY-MM-DD'), 'arquivo', i.arquivo)
     FROM extrato_linhas o JOIN extrato_importacoes i ON i.id = o.importacao_id
     WHERE o.id = l.repete AND l.como = 'repetida') AS repete
  FROM extrato_linhas l`;

export async function lineViews(db: Queryable, ids: string[]): Promise<StatementLineView[]> {
  if (!ids.length) return [];
  return shown(
    await db.query<StatementLineView & { pagador_escrito: string | null }>(
      `${LINE_VIEW_SQL} WHERE l.id = ANY($1::bigint[]) ORDER BY l.data DESC, l.id DESC`,
      [ids],
    ),
  );
}

/** A group of lines ("Sugestões", "Sem correspondência", "Já pago"…), newest first. */
export async function listLines(db: Queryable, estado: StatementLineView["estado"]): Promise<StatementLineView[]> {
  return shown(
    await db.query<StatementLineView & { pagador_escrito: string | null }>(
      `${LINE_VIEW_SQL} WHERE l.estado = $1 ORDER BY l.data DESC, l.id DESC LIMIT 500`,
      [estado],
    ),
  );
}
