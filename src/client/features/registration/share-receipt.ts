import { toast } from "../../lib/toast";
import { appConfig } from "../../lib/app-config";
import { copyText } from "../../lib/clipboard";
import { receiptText } from "../../../shared/whatsapp-texts";

/**
 * The message a visitor sends with the PIX receipt, for Web Share and wa.me.
 * After registering, the reference (e.g. JDJ7K3Q) lets the coordination find the registration.
 */
export function receiptMessage(name: string, reference?: string): string {
  return receiptText(appConfig(), name, reference);
}

/**
 * Opens the system share sheet; without Web Share, copies the message so it
 * can be pasted in WhatsApp next to the receipt.
 */
export async function shareReceipt(message: string): Promise<void> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: "Comprovante da inscrição", text: message });
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") return; // the visitor closed the sheet
      console.error("Erro ao compartilhar comprovante", err);
      toast(
        "error",
        "Não foi possível abrir o compartilhamento.",
        "Use o botão do WhatsApp para enviar o comprovante.",
      );
    }
    return;
  }
  try {
    await copyText(message);
    toast("success", "Texto copiado!", "Cole a mensagem no WhatsApp e anexe o comprovante do PIX.");
  } catch {
    toast(
      "warning",
      "Seu navegador não suporta compartilhamento...",
      "Envie o comprovante pelo botão do WhatsApp, junto com seu nome completo.",
    );
  }
}
