import { describe, expect, it } from "vitest";
import {
  fitWithin,
  MAX_IMAGE_SIDE,
  megabytes,
  planImage,
  RECEIPT_MAX_BYTES,
  receiptFileType,
  UPLOAD_MESSAGES,
} from "./receipt-file";

describe("fitWithin", () => {
  it("keeps an image that already fits, including one exactly at the limit", () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(1, 1)).toEqual({ width: 1, height: 1 });
  });

  it("shrinks the longest side to exactly 1600 px and keeps the proportion", () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 }); // 12 MP phone photo, landscape
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 }); // portrait
    expect(fitWithin(2000, 2000)).toEqual({ width: 1600, height: 1600 });
    expect(fitWithin(1080, 2400)).toEqual({ width: 720, height: 1600 }); // tall phone screenshot
    expect(fitWithin(1601, 1000)).toEqual({ width: 1600, height: 999 });
  });

  it("never rounds a very thin image down to nothing", () => {
    expect(fitWithin(10_000, 3)).toEqual({ width: 1600, height: 1 });
  });

  it("never exceeds the limit and stays within one pixel of the exact ratio, for many sizes", () => {
    for (let w = 1; w <= 6000; w += 37) {
      for (let h = 1; h <= 6000; h += 53) {
        const out = fitWithin(w, h);
        expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(MAX_IMAGE_SIDE);
        if (Math.max(w, h) > MAX_IMAGE_SIDE) {
          expect(Math.max(out.width, out.height)).toBe(MAX_IMAGE_SIDE);
          const scale = MAX_IMAGE_SIDE / Math.max(w, h);
          expect(Math.abs(out.width - w * scale)).toBeLessThanOrEqual(1);
          expect(Math.abs(out.height - h * scale)).toBeLessThanOrEqual(1);
        } else {
          expect(out).toEqual({ width: w, height: h });
        }
      }
    }
  });

  it("accepts another limit and refuses impossible sizes", () => {
    expect(fitWithin(1000, 500, 100)).toEqual({ width: 100, height: 50 });
    expect(() => fitWithin(0, 10)).toThrow(RangeError);
    expect(() => fitWithin(Number.NaN, 10)).toThrow(RangeError);
  });
});

describe("planImage", () => {
  const small = { width: 1200, height: 900 };
  it("sends a small JPEG, PNG or WebP as it is", () => {
    for (const mime of ["image/jpeg", "image/png", "image/webp"]) {
      expect(planImage(small, { mime, size: 300_000 })).toEqual({ kind: "original" });
    }
  });

  it("redraws a large photo as a JPEG of at most 1600 px", () => {
    expect(planImage({ width: 4000, height: 3000 }, { mime: "image/jpeg", size: 3_000_000 })).toEqual({
      kind: "jpeg",
      width: 1600,
      height: 1200,
    });
  });

  it("redraws a decodable HEIC even when small, so any browser can show it", () => {
    expect(planImage(small, { mime: "image/heic", size: 200_000 })).toEqual({ kind: "jpeg", width: 1200, height: 900 });
  });

  it("redraws a small image that is too heavy to send", () => {
    expect(planImage(small, { mime: "image/png", size: RECEIPT_MAX_BYTES + 1 })).toEqual({
      kind: "jpeg",
      width: 1200,
      height: 900,
    });
  });
});

describe("receiptFileType", () => {
  it("trusts the declared type of accepted formats", () => {
    expect(receiptFileType({ name: "x", type: "image/jpeg" })).toEqual({
      kind: "image",
      mime: "image/jpeg",
      ext: "jpg",
    });
    expect(receiptFileType({ name: "comprovante.png", type: "application/pdf" })).toEqual({
      kind: "pdf",
      mime: "application/pdf",
      ext: "pdf",
    });
    expect(receiptFileType({ name: "foto", type: "image/heif" })).toEqual({
      kind: "image",
      mime: "image/heif",
      ext: "heic",
    });
  });

  it("falls back to the name when the browser gives no type (HEIC on some Android browsers)", () => {
    expect(receiptFileType({ name: "IMG_0001.HEIC", type: "" })).toEqual({
      kind: "image",
      mime: "image/heic",
      ext: "heic",
    });
    expect(receiptFileType({ name: "recibo.pdf", type: "application/octet-stream" })).toEqual({
      kind: "pdf",
      mime: "application/pdf",
      ext: "pdf",
    });
  });

  it("refuses other formats", () => {
    expect(receiptFileType({ name: "anim.gif", type: "image/gif" })).toBeNull();
    expect(receiptFileType({ name: "page.html", type: "text/html" })).toBeNull();
    expect(receiptFileType({ name: "sem-extensao", type: "" })).toBeNull();
    expect(receiptFileType({ name: "foto.jpg.exe", type: "" })).toBeNull();
  });
});

describe("size messages", () => {
  it("says the size in words a person reads", () => {
    expect(megabytes(850 * 1024)).toBe("850 KB");
    expect(megabytes(6.24 * 1024 * 1024)).toBe("6,2 MB");
    expect(UPLOAD_MESSAGES.tooLarge(6 * 1024 * 1024)).toBe(
      "O arquivo tem 6 MB e passa do limite de 5 MB. Envie uma foto ou um print da tela do comprovante.",
    );
  });
});
