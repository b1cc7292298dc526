import { createHmac } from 'node:crypto';

/**
 * The `Vitrine-Signature` header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `"<t>.<raw body>"` with the webhook's secret. The timestamp is signed so a receiver can refuse
 * replays of old deliveries.
 */
export function signatureHeader(secret: string, rawBody: string, at: Date): string {
  const seconds = Math.floor(at.getTime() / 1000);
  return `t=${seconds},v1=${hmacHex(secret, `${seconds}.${rawBody}`)}`;
}

function hmacHex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}
