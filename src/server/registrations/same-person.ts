import type { RegistrationData } from "../../shared/registration-schema";
import { ConflictError } from "../domain-errors";

// One registration per person (caravana_nome_chave in docs/schema.md, decision 030): the same phone
// and the same name, folded, with every space removed, among those not given up.

/** The unique index that holds the rule. */
const SAME_PERSON_INDEX = "registrations_pessoa_idx";

/** WHERE part for the person in `data`, with the phone in $1 and the name in $2. */
export const SAME_PERSON_SQL = `numero_responsavel = $1 AND caravana_nome_chave(nome_completo) = caravana_nome_chave($2)
  AND situacao <> 'desistente'`;

export const samePersonParams = (data: Pick<RegistrationData, "nome_completo" | "numero_responsavel">) => [
  data.numero_responsavel,
  data.nome_completo,
];

/** The visitor's answer: their own typed name and the code of the registration they already have. */
/**
 * The form's answer for a person already registered. It names no code: with a
 * name and a phone anyone could otherwise learn it, and the code opens
 * "Minha inscrição" from any phone (decision 041).
 */
export const alreadyRegisteredMessage = (nome: string) =>
  `${nome.trim().replace(/\s+/g, " ")} já está inscrito(a) na caravana com este número de responsável. Veja a inscrição em “Ver minha inscrição”, com o código que apareceu na confirmação, ou peça o link à coordenação.`;

/** The panel's answer to an edit or a move that would make a second registration of one person. */
export const SAME_PERSON_MESSAGE =
  "Já existe outra inscrição ativa com este nome e este número de responsável. Veja o filtro “Possíveis duplicatas”.";

/** The database refused the change because that person already has an active registration. */
export function isSamePersonConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e.code === "23505" && (e.constraint === SAME_PERSON_INDEX || !!e.message?.includes(SAME_PERSON_INDEX));
}

/** Runs a panel change, refusing a second registration of one person with a ConflictError. */
export async function refusingSamePerson<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (isSamePersonConflict(err)) throw new ConflictError(SAME_PERSON_MESSAGE);
    throw err;
  }
}
