import type { VitrineError } from '../errors.js';
import type { Transport } from '../transport/context.js';
import { type AuthContext, tokensOf } from './context.js';
import { requestTokens } from './token-endpoint.js';
import { type RefreshToken, type Tokens, usable } from './tokens.js';

/**
 * A new access token for `refreshToken`; a rotated refresh token replaces it, same role (WIRE.md D07).
 * @throws VitrineError 'something went wrong' (with `status`), 'System error occurred'
 */
export const renewToken = async (context: AuthContext, refreshToken: RefreshToken): Promise<Tokens> =>
  requestTokens(
    context,
    { clientId: context.clientId, refreshToken: refreshToken.value, grantType: 'refresh_token' },
    refreshToken.role,
    refreshToken.value,
  );

/**
 * Usable tokens from `tokens`: unchanged when still valid, else renewed with its refresh token, else a
 * new anonymous visitor. A refresh falls back to a visitor only when the token endpoint rejects the
 * refresh token (400/401); other failures throw, so a member is never silently logged out (D08).
 * Nothing is stored.
 */
export async function generateVisitorTokens(context: AuthContext, tokens?: Partial<Tokens>): Promise<Tokens> {
  const refreshToken = tokens?.refreshToken;
  if (refreshToken?.value) {
    if (usable(tokens)) return tokens as Tokens;
    try {
      return await renewToken(context, refreshToken);
    } catch (error) {
      const status = (error as VitrineError).status;
      if (status !== 400 && status !== 401) throw error;
    }
  }
  return requestTokens(context, { clientId: context.clientId, grantType: 'anonymous' }, 'visitor');
}

/**
 * The stored tokens, renewed first when missing or expired (from the token source first, when the
 * strategy has one). Concurrent callers share one renewal,
 * and tabs take turns through a Web Lock where there is one (browsers), re-reading the storage once
 * they hold it (WIRE.md D01).
 */
function freshTokens(context: AuthContext): Promise<Tokens> {
  const now = tokensOf(context);
  if (usable(now)) return Promise.resolve(now);
  const renew = async () => {
    const cur = tokensOf(context);
    if (usable(cur)) return cur;
    const next = (await context.source?.renew()) ?? (await generateVisitorTokens(context, { refreshToken: cur.refreshToken }));
    context.store.setTokens(next);
    return next;
  };
  const locks = globalThis.navigator?.locks;
  context.renewal ??= (locks ? locks.request(`vitrine.tokens.${context.clientId}`, renew) : renew()).finally(() => {
    context.renewal = undefined;
  });
  return context.renewal;
}

/** `{ Authorization: <access token> }`, renewing first when needed. */
export const authHeader = async (context: AuthContext) => ({ Authorization: (await freshTokens(context)).accessToken.value });

/** The transport for the strategy's own API calls: the client's, authorized by this strategy. */
export const authorized = (context: AuthContext): Transport => ({ ...context.transport, authHeaders: () => authHeader(context) });
