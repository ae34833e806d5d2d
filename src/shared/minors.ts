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
  avo_f: "Avó",
  avo_m: "Avô",
  tia: "Tia",
  tio_m: "Tio",
  irmao: "Irmã/Irmão maior de idade",
  tutor: "Tutor(a)",
  outro: "Outro",
  // Chosen before the authorisation named which one; kept for those registrations, no longer offered.
  avo: "Avó/Avô",
  tio: "Tia/Tio",
} as const;
export type Kinship = keyof typeof KINSHIP;

/** What the forms offer; a registration that chose an older one keeps it (kinshipChoices). */
export const KINSHIP_CHOICES: Kinship[] = ["mae", "pai", "avo_f", "avo_m", "tia", "tio_m", "irmao", "tutor", "outro"];
export const kinshipChoices = (current: string | null | undefined): Kinship[] =>
  current && current in KINSHIP && !KINSHIP_CHOICES.includes(current as Kinship)
    ? [...KINSHIP_CHOICES, current as Kinship]
    : KINSHIP_CHOICES;

/**
 * The relationship inside the authorisation's sentence ("na qualidade de … de
 * Ana"). Only a parent, a tutor or whoever holds custody may authorise (ECA
 * art. 83), so a relative signs as holder of the custody; the older choices
 * that covered two are written as "avô(ó)".
 */
export const KINSHIP_IN_SENTENCE: Record<Kinship, string> = {
  mae: "mãe",
  pai: "pai",
  avo_f: "avó e detentora da guarda",
  avo_m: "avô e detentor da guarda",
  tia: "tia e detentora da guarda",
  tio_m: "tio e detentor da guarda",
  irmao: "irmão(ã) maior de idade e detentor(a) da guarda",
  tutor: "tutor(a)",
  outro: "guardião(ã) ou tutor(a)",
  avo: "avô(ó) e detentor(a) da guarda",
  tio: "tio(a) e detentor(a) da guarda",
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
  /** The going's day when the trip's dates are not set ("Ida e volta"): the return is then at the event's end. */
  ida: string | null;
  evento: string;
  grupo: string;
  /** The signed paper was handed in ("Recebida"). */
  recebida: boolean;
}
