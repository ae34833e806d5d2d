import { ofGroup } from "./group-name";

// LGPD texts shown on the site. Changing consentText means a new CONSENT_VERSION:
// each registration of a minor stores the version its guardian accepted, and
// keeps it (a registration made before a change keeps the consent it gave).

export const ADULT_AGE = 18;

/**
 * The day of the text, and ".2" for a second text the same day. "2026-11-27": notices on the phone, and the
 * group that holds the data named from "Configurações" (the version stays when only that setting changes).
 * "2026-12-03": the notices on the phone said plainly.
 */
export const CONSENT_VERSION = "2026-12-03";

export const consentText = (eventTitle: string, groupName: string) =>
  `Sou o(a) responsável por este(a) participante menor de 18 anos. Autorizo a inscrição na caravana da ${eventTitle} e o uso destes dados (nome, idade, telefone, nome e parentesco do responsável e, se informados, os cuidados de saúde) pela coordenação ${ofGroup(groupName)} somente para organizar a caravana, inclusive para enviar lembretes e avisos da caravana pelo WhatsApp do telefone informado e, se eu ativar, também por notificações neste celular (dá para deixar de receber a qualquer momento na página “Minha inscrição”).`;

export const PRIVACY_NOTICE = {
  title: "Privacidade dos seus dados",
  paragraphs: [
    "Guardamos o nome completo, a idade, o telefone do responsável (e, para menores, o nome e o parentesco dele), a forma de pagamento e, se você enviar, o comprovante do PIX e o nome de quem paga.",
    "Os cuidados de saúde, se você informar, são dados sensíveis: só a coordenação e o responsável pelo ônibus os leem, não entram nas planilhas sem um pedido expresso e são apagados depois do evento.",
    "Usamos esses dados só para organizar a caravana: confirmar o pagamento, montar a lista dos ônibus, falar com o responsável em caso de necessidade e enviar lembretes e avisos da caravana pelo WhatsApp do número informado. Quem não quiser receber essas mensagens pode pedir na página “Minha inscrição”. Se você ligar os “Avisos neste celular”, o navegador recebe avisos curtos (o nome, o código e o que mudou; nunca dados de saúde) por meio do serviço de notificações do próprio navegador (Google, Apple ou Mozilla), até você tocar em “Parar avisos”. Só a coordenação e a equipe da caravana têm acesso, com senha; as mensagens podem vir do WhatsApp pessoal de alguém da equipe.",
    "Depois do evento, os nomes viram iniciais e os telefones, responsáveis, cuidados de saúde e comprovantes são apagados; ficam apenas as contagens. Para corrigir ou apagar seus dados antes disso, fale com a coordenação pelo WhatsApp.",
  ],
} as const;
