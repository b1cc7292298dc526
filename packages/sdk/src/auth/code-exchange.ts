/**
 * The authorization-code exchange of a hosted login's redirect: only member flows need it, so it
 * loads with them (`member-flows.ts`), not with every page.
 */
import { VitrineError } from '../errors.js';
import type { OAuthPKCE } from '../types/auth.js';
import type { AuthContext } from './context.js';
import { requestTokens } from './token-endpoint.js';
import type { Tokens } from './tokens.js';

/**
 * Exchanges an authorization code for member tokens (not stored: call `setTokens`).
 * @throws VitrineError 'Missing code or _state', 'Invalid _state', 'Failed to get member tokens' (its
 *   `cause` the failure of the exchange, its `status` that failure's)
 * @see spec §4, §7 "Authentication"
 */
export async function getMemberTokens(
  context: AuthContext,
  code: string | null | undefined,
  state: string | null | undefined,
  data: OAuthPKCE & { redirectUri?: string },
): Promise<Tokens> {
  if (!code || !state) throw new VitrineError('Missing code or _state');
  if (state !== data.state) throw new VitrineError('Invalid _state');
  if (context.source) {
    const grant = { code, codeVerifier: data.codeVerifier, redirectUri: data.redirectUri || undefined };
    return context.source.exchangeCode(grant).catch(failedMemberTokens);
  }
  const body = {
    clientId: context.clientId,
    grantType: 'authorization_code',
    redirectUri: data.redirectUri || undefined,
    code,
    codeVerifier: data.codeVerifier,
  };
  return requestTokens(context, body, 'member').catch(failedMemberTokens);
}

/** The reference client's error for a failed code exchange, keeping the failure as its cause. */
const failedMemberTokens = (cause: unknown): never => {
  throw new VitrineError('Failed to get member tokens', { status: (cause as VitrineError).status, cause });
};
