/**
 * The coordination's own PIX key and WhatsApp, as a deployment sets them: with
 * the samples of .env.example the form stays closed at the first start
 * (first-start-payment-details.test.ts has that case).
 */
export const OWN_PAYMENT_DETAILS = {
  PIX_KEY: "pix@juventudecatolicavg.com.br",
  WHATSAPP_NUMBER: "5598999999999",
} as const;
