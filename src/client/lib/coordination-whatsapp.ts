import { whatsappToInternational } from "../../shared/phone";
import { appConfig } from "./app-config";

/** A wa.me link to the coordination's WhatsApp (its number in "Configurações"), with a message ready to send. */
export function coordinationWhatsappLink(message: string): string {
  return whatsappToInternational(appConfig().whatsappNumber, message);
}
