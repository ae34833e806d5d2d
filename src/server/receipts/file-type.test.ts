import { describe, expect, it } from "vitest";
import { detectReceiptType } from "./file-type";

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe("detectReceiptType", () => {
  it.each([
    [Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "image/jpeg", "jpg"],
    [bytes("\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), "image/png", "png"],
    [bytes("RIFF\x24\0\0\0WEBPVP8 "), "image/webp", "webp"],
    [bytes("%PDF-1.7\n"), "application/pdf", "pdf"],
    [bytes("\0\0\0\x18ftypheic\0\0\0\0"), "image/heic", "heic"],
  ])("recognises %s", (head, mime, ext) => {
    expect(detectReceiptType(head)).toEqual({ mime, ext });
  });

  it.each([
    ["an ELF executable", bytes("\x7fELF\x02\x01\x01\0")],
    ["a Windows executable", bytes("MZ\x90\0\x03\0\0\0")],
    ["HTML", bytes("<!doctype html><script>")],
    ["an MP4 video", bytes("\0\0\0\x18ftypmp42\0\0\0\0")],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_name, head) => {
    expect(detectReceiptType(head)).toBeNull();
  });
});
