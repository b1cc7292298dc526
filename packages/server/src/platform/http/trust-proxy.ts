import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Which proxies in front of the server are believed about the client's address (`X-Forwarded-For`),
 * in the forms Fastify's `trustProxy` takes: `false` (none: the connection's own address is the
 * client's), `true` (every hop), or the proxies' addresses and CIDR ranges. Not a hop count: Fastify 5
 * trusts no hop for one (a count cannot tell a proxy from a client that sent the header itself), so
 * a count would silently do nothing.
 */
export type TrustProxy = boolean | string[];

const isAddressOrRange = (entry: string): boolean =>
  ipaddr.IPv4.isValidFourPartDecimal(entry) ||
  ipaddr.IPv6.isValid(entry) ||
  ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) ||
  ipaddr.IPv6.isValidCIDR(entry);

/** `TRUST_PROXY` as written in the environment: `true`, `false`, or a comma-separated list of addresses and ranges. */
export const TrustProxySetting = z.string().transform((value, ctx): TrustProxy => {
  const trimmed = value.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (/^\d+$/.test(trimmed)) {
    ctx.addIssue({
      code: 'custom',
      message: `a hop count (${trimmed}) is not supported: list the proxies' addresses or CIDR ranges, or true`,
    });
    return z.NEVER;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length) {
    const message = `must be true, false or a comma-separated list of IP addresses and CIDR ranges; not addresses: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return entries;
});
