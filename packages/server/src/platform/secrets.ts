import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque token (base64url), `bytes` of entropy; prefixed so leaked tokens are recognisable. */
export function randomToken(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** The stored form of a secret: its SHA-256 in hex. Secrets are looked up by this digest. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** `n` random decimal digits (e-mail verification codes), uniformly drawn. */
export function randomDigits(count: number): string {
  let digits = '';
  for (let i = 0; i < count; i++) digits += String(randomInt(10));
  return digits;
}

/** Compares two strings in constant time (for equal lengths). */
export function sameSecret(presented: string, expected: string): boolean {
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}
