// Short per-registration reference ("JDJ7K3Q") that the payer's PIX carries,
// so the coordinator can match a payment to a registration. 32 symbols, with
// 0/O and 1/I left out because people read them aloud and retype them.

export const REFERENCE_PREFIX = "JDJ";
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REFERENCE_RANDOM_LENGTH = 4;

/** Gives `count` random bytes. Injected so tests are deterministic. */
export type RandomBytes = (count: number) => Uint8Array;

/** Web Crypto source, present in browsers and Node 20. */
export const secureRandomBytes: RandomBytes = (count) => crypto.getRandomValues(new Uint8Array(count));

/** Pure given its random source. 32 symbols divide 256, so `byte % 32` has no bias. */
export function referenceCode(random: RandomBytes): string {
  const bytes = random(REFERENCE_RANDOM_LENGTH);
  if (bytes.length < REFERENCE_RANDOM_LENGTH) throw new Error("Fonte aleatória devolveu poucos bytes.");
  let code = REFERENCE_PREFIX;
  for (let i = 0; i < REFERENCE_RANDOM_LENGTH; i++) code += REFERENCE_ALPHABET[bytes[i] % REFERENCE_ALPHABET.length];
  return code;
}

const REFERENCE_PATTERN = new RegExp(`^${REFERENCE_PREFIX}[${REFERENCE_ALPHABET}]{${REFERENCE_RANDOM_LENGTH}}$`);

/** True for a code referenceCode can produce (upper case as produced). */
export function isReferenceCode(value: string): boolean {
  return REFERENCE_PATTERN.test(value);
}
