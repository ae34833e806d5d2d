import { useMemo } from "react";
import { eventSettingsSchema } from "../../../shared/event-settings";
import type { RegistrationPixSettings } from "../../../shared/pix/registration-pix";
import { sanitizeCity, sanitizeName } from "../../../shared/pix/sanitize";
import { formatPrice } from "../../../shared/price";
import PixPaymentCode from "../../components/pix/pix-payment-code";
import { useAppConfig } from "../../lib/app-config";
import { type FormValues, toInput } from "./settings-form-values";

/** The PIX a visitor would get with the values typed, before they are saved. */
export function SettingsPreview({ values }: { values: FormValues }) {
  const { pixTxid } = useAppConfig();
  const parsed = useMemo(() => eventSettingsSchema.safeParse(toInput(values)), [values]);
  const settings = useMemo<RegistrationPixSettings | null>(
    () =>
      parsed.success
        ? {
            pixKey: parsed.data.pix_chave,
            pixReceiverName: sanitizeName(parsed.data.pix_recebedor),
            pixCity: sanitizeCity(parsed.data.pix_cidade),
            pixTxid,
            priceCents: parsed.data.preco_centavos,
          }
        : null,
    [parsed, pixTxid],
  );
  return (
    <section className="settings-preview" aria-labelledby="settings-preview-title">
      <h2 id="settings-preview-title">Prévia do PIX</h2>
      {settings ? (
        <>
          <p>
            Assim fica o PIX de <strong>{formatPrice(settings.priceCents)}</strong> para quem se inscrever, com uma
            referência de exemplo.
          </p>
          <PixPaymentCode reference="JDJ7K3Q" settings={settings} />
        </>
      ) : (
        <p role="status">Corrija os campos marcados para ver a prévia.</p>
      )}
    </section>
  );
}
