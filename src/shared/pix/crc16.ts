// CRC16-CCITT-FALSE, the checksum of the PIX BR Code (field 63): poly 0x1021,
// init 0xFFFF, no reflection, no final xor. Computed over UTF-8 bytes so the
// result is right for any string, although a BR Code is plain ASCII.

const encoder = new TextEncoder();

export function crc16CcittFalse(input: string | Uint8Array): number {
  const bytes = typeof input === "string" ? encoder.encode(input) : input;
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The CRC as the BR Code writes it: 4 upper-case hex digits. */
export function crc16Hex(input: string | Uint8Array): string {
  return crc16CcittFalse(input).toString(16).toUpperCase().padStart(4, "0");
}
