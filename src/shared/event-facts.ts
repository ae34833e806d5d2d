import type { PublicEventConfig } from "./api-types";
import { lowerCaseMonths } from "./dates";
import type { EventSettings } from "./event-settings";
import { fold } from "./fold";
import type { PixTxidMode } from "./pix/registration-pix";
import { sanitizeCity, sanitizeName } from "./pix/sanitize";
import { formatPrice } from "./price";

// What the pages and the authorisation say, worked out from the settings in force.

/** Where and when the trip goes, as the authorisation says it: the settings, or the event's own facts. */
export function tripFacts(
  s: Pick<EventSettings, "viagem_destino" | "viagem_datas" | "local" | "cidade" | "data" | "horario" | "ano">,
) {
  // "Área Pastoral, Itapecuru-Mirim - MA" already names its city; "A partir das 08h" goes mid-sentence.
  const namesCity = fold(s.local).includes(fold(s.cidade));
  const time = s.horario.charAt(0).toLowerCase() + s.horario.slice(1);
  // A notary wants the year, and a month is lower case mid-sentence: "16 de Agosto" → "16 de agosto de 2025".
  const day = lowerCaseMonths(`${s.data}${/\d{4}/.test(s.data) ? "" : ` de ${s.ano}`}`);
  return {
    destino: s.viagem_destino || (namesCity ? s.local : `${s.local}, ${s.cidade}`),
    datas: s.viagem_datas || `${day}, ${time}`,
    /** The going's day when "Ida e volta" is not set: the validity then says the return is at the event's end. */
    ida: s.viagem_datas ? null : day,
  };
}

/** The facts a page shows, from the settings in force. */
export function publicEventConfig(
  s: EventSettings,
  extra: { pixTxid: PixTxidMode; devMode: boolean; publicUrl: string },
): PublicEventConfig {
  const trip = tripFacts(s);
  return {
    eventTitle: s.titulo,
    eventDate: s.data,
    eventTime: s.horario,
    eventPlace: s.local,
    eventCity: s.cidade,
    price: formatPrice(s.preco_centavos),
    pixKey: s.pix_chave,
    pixReceiverName: sanitizeName(s.pix_recebedor),
    pixCity: sanitizeCity(s.pix_cidade),
    pixTxid: extra.pixTxid,
    priceCents: s.preco_centavos,
    whatsappNumber: s.whatsapp,
    thanksMessages: s.mensagens,
    membersNotice: s.aviso_membros,
    timeZone: s.fuso_horario,
    devMode: extra.devMode,
    travelAuthorization: s.autorizacao_exigida,
    tripDestination: trip.destino,
    tripDates: trip.datas,
    editionNumber: s.edicao_numero,
    theme: s.tema,
    year: s.ano,
    groupName: s.grupo_nome,
    publicUrl: extra.publicUrl,
  };
}
