import type { VitrineError } from '../errors.js';
import type { Transport } from '../transport/context.js';
import { type AuthContext, tokensOf } from './context.js';
import { requestTokens } from './token-endpoint.js';
import { type RefreshToken, type Tokens, usable } from './tokens.js';

/**
 * A new access token for `r`; a rotated refresh token replaces it, same role (WIRE.md D07).
 * @throws VitrineError 'something went wrong' (with `status`), 'System error occurred'
 */
export const renewToken = async (c: AuthContext, r: RefreshToken): Promise<Tokens> =>
  requestTokens(c, { clientId: c.clientId, refreshToken: r.value, grantType: 'refresh_token' }, r.role, r.value);

/**
 * Usable tokens from `t`: unchanged when still valid, else renewed with its refresh token, else a
 * new anonymous visitor. A refresh falls back to a visitor only when the token endpoint rejects the
 * refresh token (400/401); other failures throw, so a member is never silently logged out (D08).
 * Nothing is stored.
 */
export async function generateVisitorTokens(c: AuthContext, t?: Partial<Tokens>): Promise<Tokens> {
  const r = t?.refreshToken;
  if (r?.value) {
    if (usable(t)) return t as Tokens;
    try {
      return await renewToken(c, r);
    } catch (e) {
      const status = (e as VitrineError).status;
      if (status !== 400 && status !== 401) throw e;
    }
  }
  return requestTokens(c, { clientId: c.clientId, grantType: 'anonymous' }, 'visitor');
}

/**
 * The stored tokens, renewed first when missing or expired (from the token source first, when the
 * strategy has one). Concurrent callers share one renewal,
 * and tabs take turns through a Web Lock where there is one (browsers), re-reading the storage once
 * they hold it (WIRE.md D01).
 */
function freshTokens(c: AuthContext): Promise<Tokens> {
  const now = tokensOf(c);
  if (usable(now)) return Promise.resolve(now);
  const renew = async () => {
    const cur = tokensOf(c);
    if (usable(cur)) return cur;
    const next = (await c.source?.renew()) ?? (await generateVisitorTokens(c, { refreshToken: cur.refreshToken }));
    c.store.setTokens(next);
    return next;
  };
  const locks = globalThis.navigator?.locks;
  c.p ??= (locks ? locks.request(`vitrine.tokens.${c.clientId}`, renew) : renew()).finally(() => {
    c.p = undefined;
  });
  return c.p;
}

/** `{ Authorization: <access token> }`, renewing first when needed. */
export const authHeader = async (c: AuthContext) => ({ Authorization: (await freshTokens(c)).accessToken.value });

/** The transport for the strategy's own API calls: the client's, authorized by this strategy. */
export const authorized = (c: AuthContext): Transport => ({ ...c.t, authHeaders: () => authHeader(c) });
