import { toast } from "../../../lib/toast";
import { getRegistration } from "../api/registrations-api";
import { seatConfirmedLink } from "../components/seat-cell";

/**
 * "{nome} saiu da lista de espera", with the WhatsApp notice to the guardian.
 * The live event carries ids only; names come through the session-checked API.
 */
export async function announcePromotions(ids: string[]): Promise<void> {
  for (const id of ids.slice(0, 10)) {
    try {
      const r = await getRegistration(id);
      if (r.situacao !== "vaga") continue;
      const link = seatConfirmedLink(r);
      toast(
        "success",
        `${r.nome_completo} saiu da lista de espera`,
        r.onibus_nome ? `Agora tem lugar no ${r.onibus_nome}.` : "Agora tem lugar na caravana.",
        link ? { label: "Avisar no WhatsApp", href: link } : undefined,
      );
    } catch (err) {
      // The row may be gone already; the list refresh shows the truth.
      console.error("Erro ao ler inscrição promovida", err);
    }
  }
  if (ids.length > 10) toast("success", `Mais ${ids.length - 10} pessoas saíram da lista de espera`);
}
