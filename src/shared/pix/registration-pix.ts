// The BR Code for a registration fee, from the event facts the server exposes.
// Where the reference goes is a configuration choice (PIX_TXID, see
// docs/decisions/006-pix-br-code.md): "none" puts it in field 26/02 and leaves
// the txid "***", the manual's value for a static code that every bank takes;
// "registration" puts it in the txid.

import { encodeBrCode } from "./brcode";

export const PIX_TXID_MODES = ["none", "registration"] as const;
export type PixTxidMode = (typeof PIX_TXID_MODES)[number];

/** The fields of PublicEventConfig this needs, so appConfig() can be passed as is. */
export interface RegistrationPixSettings {
  pixKey: string;
  pixReceiverName: string;
  pixCity: string;
  pixTxid: PixTxidMode;
  priceCents: number;
}

/** Copia e Cola code for the registration fee; a price of 0 leaves the amount to the payer. */
export function registrationBrCode(settings: RegistrationPixSettings, reference?: string): string {
  const inTxid = settings.pixTxid === "registration";
  return encodeBrCode({
    key: settings.pixKey,
    name: settings.pixReceiverName,
    city: settings.pixCity,
    amountCents: settings.priceCents > 0 ? settings.priceCents : undefined,
    info: inTxid ? undefined : reference,
    txid: inTxid ? reference : undefined,
  });
}
