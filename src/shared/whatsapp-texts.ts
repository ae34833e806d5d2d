import { ofGroup } from "./group-name";

/**
 * The built-in WhatsApp texts the pages write themselves (the five the
 * coordination edits are in shared/messages.ts). Each names the group and
 * the event from the settings, never a name written in.
 */

export interface TextFacts {
  groupName: string;
  eventTitle: string;
  price: string;
}

/** A visitor's PIX receipt, sent to the coordination. */
export function receiptText(f: TextFacts, name: string, reference?: string): string {
  const who = name.trim() ? ` Meu nome é ${name.trim()}.` : "";
  const code = reference ? ` Código da inscrição: ${reference}.` : "";
  return `Olá! Fiz o PIX de ${f.price} da inscrição na caravana ${ofGroup(f.groupName)} para a ${f.eventTitle}.${who}${code} Segue o comprovante.`;
}

/**
 * A family that pays in cash, to the coordination: when and where to meet. No amount: what a family owes (a
 * discount, the price of its day) is on its page, not in the settings.
 */
export function cashPaymentText(
  f: Pick<TextFacts, "groupName" | "eventTitle">,
  name: string,
  reference?: string,
): string {
  const who = name.trim() ? ` de ${name.trim()}` : "";
  const code = reference ? ` (código ${reference})` : "";
  return `Olá! Fiz a inscrição${who}${code} na caravana ${ofGroup(f.groupName)} para a ${f.eventTitle}. Quero pagar em espécie: quando e onde posso entregar o dinheiro?`;
}

/** Someone who finds the form closed, or not open yet, to the coordination: the page has no other way to ask. */
export function closedFormText(f: Pick<TextFacts, "groupName" | "eventTitle">, soon: boolean): string {
  const caravan = `a caravana ${ofGroup(f.groupName)} para a ${f.eventTitle}`;
  return soon
    ? `Olá! Quando abrem as inscrições para ${caravan}?`
    : `Olá! Vi que as inscrições para ${caravan} estão encerradas. Ainda é possível participar?`;
}

/** To the guardian of someone missing at the bus door. */
export function notBoardedText(f: Pick<TextFacts, "groupName">, name: string, busName: string, trip: string): string {
  return (
    `Olá! Aqui é a coordenação da caravana ${ofGroup(f.groupName)}. ${name} ainda não embarcou ` +
    `no ${busName} (${trip}). Pode nos ajudar a encontrar?`
  );
}

/** To the guardian of someone seated from the waiting list. */
export function seatConfirmedText(
  f: TextFacts,
  r: { nome_completo: string; onibus_nome: string | null; referencia: string | null },
): string {
  const bus = r.onibus_nome ? ` no ${r.onibus_nome}` : "";
  const reference = r.referencia ? ` Use a referência ${r.referencia} no pagamento.` : "";
  return (
    `Olá! Aqui é a coordenação da caravana ${ofGroup(f.groupName)} para a ${f.eventTitle}. ` +
    `Abriu uma vaga e a inscrição de ${r.nome_completo} está confirmada${bus}. ` +
    `O valor é ${f.price}, por PIX ou em espécie.${reference}`
  );
}

/** A family whose seat was released at its deadline, to the coordination ("Fale com a coordenação"). */
export function releasedSeatText(f: Pick<TextFacts, "groupName">, name: string, reference: string): string {
  return (
    `Olá! A vaga de ${name} (código ${reference}) na caravana ${ofGroup(f.groupName)} foi liberada porque ` +
    "o pagamento não chegou no prazo. Podemos conversar?"
  );
}

/** "Enviar link": the personal link, to the guardian. */
export function personalLinkText(f: Pick<TextFacts, "eventTitle">, name: string, link: string): string {
  return (
    `Olá! Este é o link da inscrição de ${name} na caravana para a ${f.eventTitle}. ` +
    `Por ele você vê o pagamento, a vaga e a autorização, de qualquer celular: ${link}`
  );
}

/** "Salvar este link": the family keeps its own link in a chat of its choice. */
export const ownLinkText = (name: string, link: string) => `Minha inscrição na caravana (${name}): ${link}`;

/** A new helper's access, sent by Coordenação. */
export function teamAccessText(a: {
  nome: string;
  papel: string;
  login: string;
  password: string;
  site: string;
}): string {
  return (
    `Olá, ${a.nome}! Seu acesso ao painel da caravana (${a.papel}):\n` +
    `Endereço: ${a.site}/admin\nUsuário: ${a.login}\nSenha: ${a.password}\n` +
    'Depois de entrar, você pode trocar a senha em "Alterar senha".'
  );
}
