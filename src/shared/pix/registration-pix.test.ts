import { describe, expect, it } from "vitest";
import { parseBrCode } from "./parse-brcode";
import { registrationBrCode, type RegistrationPixSettings } from "./registration-pix";

const DEFAULTS: RegistrationPixSettings = {
  pixKey: "pix@juventudecatolicavg.com.br",
  pixReceiverName: "Juventude Catolica VG",
  pixCity: "ITAPECURU MIRIM",
  pixTxid: "none",
  priceCents: 1500,
};

describe("registrationBrCode", () => {
  it("puts the reference in 26/02 and txid *** by default", () => {
    const code = registrationBrCode(DEFAULTS, "JDJ7K3Q");
    expect(code).toBe(
      "00020126630014br.gov.bcb.pix0130pix@juventudecatolicavg.com.br0207JDJ7K3Q520400005303986540515.005802BR5921Juventude Catolica VG6015ITAPECURU MIRIM62070503***6304F028",
    );
    expect(parseBrCode(code)).toMatchObject({ info: "JDJ7K3Q", txid: "***", amount: "15.00" });
  });

  it("puts the reference in the txid with PIX_TXID=registration", () => {
    const parsed = parseBrCode(registrationBrCode({ ...DEFAULTS, pixTxid: "registration" }, "JDJ7K3Q"));
    expect(parsed).toMatchObject({ info: undefined, txid: "JDJ7K3Q" });
  });

  it("works without a reference", () => {
    expect(parseBrCode(registrationBrCode(DEFAULTS))).toMatchObject({ info: undefined, txid: "***" });
    expect(parseBrCode(registrationBrCode({ ...DEFAULTS, pixTxid: "registration" }))).toMatchObject({ txid: "***" });
  });

  it("leaves the amount to the payer when the price is 0", () => {
    expect(parseBrCode(registrationBrCode({ ...DEFAULTS, priceCents: 0 })).amount).toBeUndefined();
  });
});
