import { createHash, randomBytes } from "node:crypto";
import { SECRET_PATTERN } from "../../shared/constants";

/**
 * SHA-256 (hex) of a random secret token. Only this is stored, for admin
 * session cookies and receipt upload tokens alike, so a copy of the database
 * holds no usable token.
 */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new secret of 256 random bits, base64url (43 characters): session cookies, upload tokens, personal links. */
export const newSecret = () => randomBytes(32).toString("base64url");

/** The secret of an `Authorization: Bearer …` header, or null when there is none of the right shape. */
export function bearerSecret(authorization: string | undefined): string | null {
  const secret = /^Bearer (.*)$/.exec(authorization ?? "")?.[1];
  return secret !== undefined && SECRET_PATTERN.test(secret) ? secret : null;
}
