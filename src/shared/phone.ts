/** Keeps only the digits of a phone number as typed. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * Formats up to 11 digits as the user types:
 * (99) 9999-9999 for 10 digits, (99) 99999-9999 for 11.
 */
export function maskPhone(value: string): string {
  const d = phoneDigits(value).slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  const split = d.length === 11 ? 5 : 4;
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

export function isValidPhoneDigits(digits: string): boolean {
  return /^\d{10,11}$/.test(digits);
}

/** A wa.me link to a Brazilian number (digits with DDD) with a message ready to send. */
export function whatsappTo(digits: string, message: string): string {
  return `https://wa.me/55${digits}?text=${encodeURIComponent(message)}`;
}

/** A wa.me link to a number already with its country code (the coordination's WhatsApp setting). */
export const whatsappToInternational = (digits: string, message: string) =>
  `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;

/** A wa.me link that opens a chat with a Brazilian number, with nothing written. */
export const whatsappChat = (digits: string) => `https://wa.me/55${digits}`;

/** A wa.me link that lets the person choose the chat (their own, a relative's) for a message. */
export const whatsappShare = (message: string) => `https://wa.me/?text=${encodeURIComponent(message)}`;

/** The coordination's WhatsApp as stored: digits with the country code and DDD (5598999999999). */
export function isValidWhatsappDigits(digits: string): boolean {
  return /^\d{12,13}$/.test(digits);
}

/**
 * The WhatsApp number as people write it ("(98) 98123-4567", "+55 98 98123-4567",
 * "5598981234567"), kept in one form: the digits with Brazil's 55.
 */
export function whatsappDigits(typed: string): string {
  const digits = phoneDigits(typed);
  return isValidPhoneDigits(digits) ? `55${digits}` : digits;
}

/** The WhatsApp setting as people write it: "(98) 98123-4567" for a Brazilian number, any other as stored. */
export function whatsappShown(stored: string): string {
  const national = /^55(\d{10,11})$/.exec(stored)?.[1];
  return national ? maskPhone(national) : stored;
}
