import { VitrineError } from '../errors.js';
import { send } from '../transport/http.js';
import type { TokenRole } from '../types/enums-identity.js';
import type { AuthContext } from './context.js';
import { nowSeconds, type Tokens, tokenPair } from './tokens.js';

/** What `POST /oauth2/token` answers: tokens, or an OAuth error (RFC 6749 §5.2). */
interface TokenAnswer {
  access_token?: string;
  expires_in: number | string;
  refresh_token?: string;
  error?: string;
  error_description?: string;
}

/**
 * `POST <api>/oauth2/token` with a JSON body, through the client's fetch but without its headers or
 * auth (only `headers`, e.g. the external-login Authorization). The pair expires `expires_in`
 * seconds from now; a rotated refresh token replaces `keep`, the one it was obtained with (WIRE.md D07).
 * @throws VitrineError 'something went wrong' for any answer but a 200 with a token, with its `status`
 *   and the OAuth `error`/`error_description` as `oauthError`/`oauthErrorDescription`;
 *   'System error occurred' when no answer arrives
 */
export async function requestTokens(
  context: AuthContext,
  body: object,
  role: TokenRole,
  keep = '',
  headers?: Record<string, string>,
): Promise<Tokens> {
  const { hosts, fetch } = context.transport;
  const answer = await send({ hosts, fetch, headers: {} }, 'POST', `${hosts.api}/oauth2/token`, body, headers);
  const tokens = answer.body as TokenAnswer | undefined;
  if (answer.status !== 200 || !tokens?.access_token) {
    const { status, requestId } = answer;
    throw new VitrineError('something went wrong', {
      status,
      requestId,
      oauthError: tokens?.error,
      oauthErrorDescription: tokens?.error_description,
    });
  }
  return tokenPair(tokens.access_token, nowSeconds() + Number(tokens.expires_in), tokens.refresh_token || keep, role);
}
