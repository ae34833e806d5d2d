import type { CurrentEdition, EditionsView, PastEdition } from "../../shared/editions";
import type { EventSettings } from "../../shared/event-settings";
import type { Queryable } from "../db/database";

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The open edition: its name and date are the settings in force. */
export async function currentEdition(db: Queryable, settings: EventSettings): Promise<CurrentEdition> {
  const [row] = await db.query<{ id: number; aberta_em: Date | string; inscricoes: number }>(
    `SELECT id, aberta_em, (SELECT count(*)::int FROM registrations) AS inscricoes
     FROM edicoes WHERE encerrada_em IS NULL`,
  );
  return {
    id: row.id,
    nome: settings.titulo,
    data: settings.data,
    aberta_em: iso(row.aberta_em)!,
    inscricoes: row.inscricoes,
  };
}

type PastRow = Omit<PastEdition, "aberta_em" | "encerrada_em" | "dados_ate" | "dados_apagados_em"> & {
  aberta_em: Date | string;
  encerrada_em: Date | string;
  dados_ate: Date | string | null;
  dados_apagados_em: Date | string | null;
};

/** "Edições anteriores", newest first. */
export async function pastEditions(db: Queryable, id?: number): Promise<PastEdition[]> {
  const rows = await db.query<PastRow>(
    `SELECT e.id, e.nome, e.data, e.aberta_em, e.encerrada_em, e.encerrada_por, e.escolhas, e.totais,
            e.dados_ate, e.dados_apagados_em,
            (SELECT count(*)::int FROM edicao_inscricoes k WHERE k.edicao_id = e.id) AS inscricoes_guardadas
     FROM edicoes e WHERE e.encerrada_em IS NOT NULL AND ($1::int IS NULL OR e.id = $1)
     ORDER BY e.encerrada_em DESC, e.id DESC`,
    [id ?? null],
  );
  return rows.map((r) => ({
    ...r,
    aberta_em: iso(r.aberta_em)!,
    encerrada_em: iso(r.encerrada_em)!,
    dados_ate: iso(r.dados_ate),
    dados_apagados_em: iso(r.dados_apagados_em),
  }));
}

export async function listEditions(db: Queryable, settings: EventSettings): Promise<EditionsView> {
  return { atual: await currentEdition(db, settings), anteriores: await pastEditions(db) };
}
