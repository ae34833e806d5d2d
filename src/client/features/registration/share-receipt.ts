import { toast } from "../../lib/toast";
import { appConfig } from "../../lib/app-config";
import { copyText } from "../../lib/clipboard";

/**
 * The message a visitor sends with the PIX receipt, for Web Share and wa.me.
 * After registering, the reference (e.g. JDJ7K3Q) lets the coordination find the registration.
 */
export function receiptMessage(name: string, reference?: string): string {
  const { eventTitle, price } = appConfig();
  const who = name.trim() ? ` Meu nome é ${name.trim()}.` : "";
  const code = reference ? ` Código da inscrição: ${reference}.` : "";
  return `Olá! Fiz o PIX de ${price} da inscrição na caravana da Juventude Católica VG para a ${eventTitle}.${who}${code} Segue o comprovante.`;
}

export function whatsappLink(message: string): string {
  return `https://wa.me/${appConfig().whatsappNumber}?text=${encodeURIComponent(message)}`;
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
