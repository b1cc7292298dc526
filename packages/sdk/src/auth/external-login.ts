import { signOn } from '../modules/authentication.js';
import { invoke } from '../transport/invoke.js';
import { type AuthContext, tokensOf } from './context.js';
import { authHeader } from './renewal.js';
import { requestTokens } from './token-endpoint.js';
import type { Tokens } from './tokens.js';

/** `Authorization: <access token>,<api key>`. */
const withApiKey = (access: string, apiKey: string) => ({ Authorization: `${access},${apiKey}` });

/** The `authorized_client` grant: member tokens for `body`, vouched for by the API key in `headers`. */
const member = (context: AuthContext, body: object, headers: Record<string, string>) =>
  requestTokens(context, { grant_type: 'authorized_client', ...body }, 'member', '', headers);

/**
 * Member tokens for a member signed in elsewhere, vouched for by an API key (spec §6; not stored).
 * @throws VitrineError 'something went wrong'
 */
export const getMemberTokensForExternalLogin = (context: AuthContext, memberId: string, apiKey: string): Promise<Tokens> =>
  // As the reference: the stored access token as it is (the API key is what vouches here).
  member(context, { scope: 'offline_access', member_id: memberId }, withApiKey(tokensOf(context).accessToken.value, apiKey));

/**
 * Member tokens for the member with this e-mail: signs on (`/v2/sign-on`), then exchanges the
 * session, both with the API key (not stored).
 * @throws VitrineError when the sign-on or the token call fails
 */
export async function getMemberTokensForExternalLoginWithSession(context: AuthContext, email: string, apiKey: string): Promise<Tokens> {
  // The sign-on needs a live session: renew first, as the reference does.
  const headers = withApiKey((await authHeader(context)).Authorization, apiKey);
  const answer = await invoke({ ...context.transport, authHeaders: async () => headers }, signOn, [{ email }]);
  return member(context, { member_id: answer.identity?._id, session_token: answer.sessionToken }, headers);
}
