import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe token with 256 bits of entropy. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so a leaked table gives no usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
