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
  const v = value.trim();
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d+$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: `a hop count (${v}) is not supported: list the proxies' addresses or CIDR ranges, or true` });
    return z.NEVER;
  }
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length) {
    const message = `must be true, false or a comma-separated list of IP addresses and CIDR ranges; not addresses: ${bad.map((e) => JSON.stringify(e)).join(', ')}`;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return entries;
});
