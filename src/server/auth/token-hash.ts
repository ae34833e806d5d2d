import { createHash } from "node:crypto";

/**
 * SHA-256 (hex) of a random secret token. Only this is stored, for admin
 * session cookies and receipt upload tokens alike, so a copy of the database
 * holds no usable token.
 */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
