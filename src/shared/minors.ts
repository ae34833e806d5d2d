/**
 * Minors travelling (docs/decisions/037). ECA art. 83 (Lei 13.812/2019): under
 * 16, outside the comarca, without a parent, needs a judge's authorisation or
 * a written one by a parent or guardian naming the adult they travel with.
 */

/** Under this age the travel authorisation applies. */
export const AUTHORIZATION_AGE = 16;

export const KINSHIP = {
  mae: "Mãe",
  pai: "Pai",
  avo: "Avó/Avô",
  tio: "Tia/Tio",
  irmao: "Irmã/Irmão maior de idade",
  tutor: "Tutor(a)",
  outro: "Outro",
} as const;
export type Kinship = keyof typeof KINSHIP;

/**
 * The relationship inside the authorisation's sentence ("na qualidade de … de
 * Ana"). The form asks no one's gender, so a choice that covers two is written
 * as "avô(ó)"; and since only a parent, a tutor or whoever holds custody may
 * authorise (ECA art. 83), a relative signs as holder of the custody.
 */
export const KINSHIP_IN_SENTENCE: Record<Kinship, string> = {
  mae: "mãe",
  pai: "pai",
  avo: "avô(ó) e detentor(a) da guarda",
  tio: "tio(a) e detentor(a) da guarda",
  irmao: "irmão(ã) maior de idade e detentor(a) da guarda",
  tutor: "tutor(a)",
  outro: "guardião(ã) ou tutor(a)",
};
export const KINSHIP_KEYS = Object.keys(KINSHIP) as [Kinship, ...Kinship[]];

export const MINOR_MESSAGES = {
  guardianRequired: "Nome do responsável é obrigatório",
  guardianInvalid: "Nome do responsável contém caracteres inválidos",
  kinshipRequired: "Parentesco é obrigatório",
  healthTooLong: "Cuidados de saúde: no máximo 500 caracteres",
  noAuthorizationNeeded: (nome: string) =>
    `${nome} tem ${AUTHORIZATION_AGE} anos ou mais: não há autorização de viagem a receber.`,
  gaveUpNoAuthorization: (nome: string) => `${nome} desistiu da inscrição: não há autorização de viagem a receber.`,
} as const;

/** Whether a registration of this age needs the travel authorisation, with the setting on. */
export const needsAuthorization = (idade: number, required: boolean) => required && idade < AUTHORIZATION_AGE;

/** What the printed authorisation says, filled in (GET …/authorization-document, GET /api/authorizations). */
export interface AuthorizationDocument {
  id: string;
  nome_completo: string;
  idade: number;
  responsavel_nome: string | null;
  parentesco: Kinship | null;
  onibus_nome: string | null;
  /** The bus leader: the adult the guardian authorises; null leaves a blank line. */
  lider_nome: string | null;
  lider_telefone: string | null;
  destino: string;
  datas: string;
  evento: string;
  grupo: string;
  /** The signed paper was handed in ("Recebida"). */
  recebida: boolean;
}
