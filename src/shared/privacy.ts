// LGPD texts shown on the site. Changing consentText means a new CONSENT_VERSION:
// each registration of a minor stores the version its guardian accepted.

export const ADULT_AGE = 18;

export const CONSENT_VERSION = "2026-11-26";

export const consentText = (eventTitle: string) =>
  `Sou o(a) responsável por este(a) participante menor de 18 anos. Autorizo a inscrição na caravana da ${eventTitle} e o uso destes dados (nome, idade, telefone, nome e parentesco do responsável e, se informados, os cuidados de saúde) pela coordenação da Juventude Católica VG somente para organizar a caravana.`;

export const PRIVACY_NOTICE = {
  title: "Privacidade dos seus dados",
  paragraphs: [
    "Guardamos o nome completo, a idade, o telefone do responsável (e, para menores, o nome e o parentesco dele), a forma de pagamento e, se você enviar, o comprovante do PIX e o nome de quem paga.",
    "Os cuidados de saúde, se você informar, são dados sensíveis: só a coordenação e o responsável pelo ônibus os leem, não entram nas planilhas sem um pedido expresso e são apagados depois do evento.",
    "Usamos esses dados só para organizar a caravana: confirmar o pagamento, montar a lista dos ônibus e falar com o responsável em caso de necessidade. Só a coordenação tem acesso, com senha.",
    "Depois do evento, os nomes viram iniciais e os telefones, responsáveis, cuidados de saúde e comprovantes são apagados; ficam apenas as contagens. Para corrigir ou apagar seus dados antes disso, fale com a coordenação pelo WhatsApp.",
  ],
} as const;
