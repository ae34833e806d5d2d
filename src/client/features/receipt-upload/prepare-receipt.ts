import { JPEG_QUALITY, planImage, RECEIPT_MAX_BYTES, receiptFileType, UPLOAD_MESSAGES } from "./receipt-file";

/** A file ready to upload: the bytes and a plain name (the server ignores names, but refuses odd ones). */
export interface PreparedReceipt {
  blob: Blob;
  name: string;
}

/** A reason the file cannot be sent, already in words for the visitor. */
export class ReceiptFileError extends Error {}

interface Decoded {
  width: number;
  height: number;
  draw: (ctx: CanvasRenderingContext2D, width: number, height: number) => void;
  release: () => void;
}

/** Decodes an image in the browser; null when it cannot (HEIC in Chrome, a broken file). */
async function decode(file: Blob): Promise<Decoded | null> {
  if (typeof createImageBitmap === "function") {
    try {
      // The default orientation follows the photo's EXIF, so a phone photo stays upright.
      const bitmap = await createImageBitmap(file);
      return {
        width: bitmap.width,
        height: bitmap.height,
        draw: (ctx, w, h) => ctx.drawImage(bitmap, 0, 0, w, h),
        release: () => bitmap.close(),
      };
    } catch {
      return null;
    }
  }
  // Older browsers without createImageBitmap: an <img> on a blob: URL (the CSP allows blob: images).
  const url = URL.createObjectURL(file);
  const img = new Image();
  try {
    img.src = url;
    await img.decode();
    return {
      width: img.naturalWidth,
      height: img.naturalHeight,
      draw: (ctx, w, h) => ctx.drawImage(img, 0, 0, w, h),
      release: () => URL.revokeObjectURL(url),
    };
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
}

function toJpeg(image: Decoded, width: number, height: number): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) return Promise.resolve(null);
  // JPEG has no transparency: a transparent PNG would turn black without a white page under it.
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = "high";
  image.draw(ctx, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
}

function checkSize(blob: Blob): void {
  if (blob.size > RECEIPT_MAX_BYTES) throw new ReceiptFileError(UPLOAD_MESSAGES.tooLarge(blob.size));
}

/**
 * Turns the chosen file into what is uploaded: photos shrunk to at most
 * 1600 px as JPEG (a 12 MP phone photo of 4 MB becomes about 300 KB), PDFs
 * and images the browser cannot decode as they are. Throws ReceiptFileError
 * with the message to show when the file cannot be sent.
 */
export async function prepareReceipt(file: File): Promise<PreparedReceipt> {
  const type = receiptFileType(file);
  if (!type) throw new ReceiptFileError(UPLOAD_MESSAGES.badType);
  if (file.size === 0) throw new ReceiptFileError(UPLOAD_MESSAGES.empty);
  const original = { blob: file, name: `comprovante.${type.ext}` };
  if (type.kind === "pdf") {
    checkSize(file);
    return original;
  }

  const image = await decode(file);
  if (!image) {
    // The server still checks the bytes; HEIC from a phone is accepted as it is.
    checkSize(file);
    return original;
  }
  try {
    const plan = planImage(image, { mime: type.mime, size: file.size });
    if (plan.kind === "original") return original;
    const jpeg = await toJpeg(image, plan.width, plan.height);
    if (!jpeg) {
      // Out of memory for the canvas on a small phone: the original may still fit.
      checkSize(file);
      return original;
    }
    checkSize(jpeg);
    return { blob: jpeg, name: "comprovante.jpg" };
  } finally {
    image.release();
  }
}
