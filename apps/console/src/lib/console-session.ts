/**
 * The console's session at the server's token-mediating endpoint (`/console/session/…` on this
 * origin): the merchant's refresh token lives in an HttpOnly cookie page script cannot read, and the
 * page holds access tokens in memory only. A reload or a new tab asks the endpoint for a fresh one.
 */
import { sourcedMemberTokens, type TokenSource, type Tokens, VitrineError } from '@vitrine/sdk';

/** The endpoint, on the page's own origin: the cookie is first-party and scoped to this path. */
const SESSION_PATH = '/console/session';

/** Where earlier consoles kept both tokens (`localStorage`), removed on load from upgraded browsers. */
const LEGACY_TOKENS_KEY = 'vitrine.console.tokens.vitrine-console';

/** How a tab tells the console's other tabs that the merchant signed out (they hold access tokens of their own). */
const signOuts = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('vitrine.console.sign-out');

/** Calls `listener` when the merchant signs out in another tab of the console. */
export function onSignOutElsewhere(listener: () => void): void {
  signOuts?.addEventListener('message', listener);
}

/** What the endpoint answers: an access token and its lifetime (seconds), or an OAuth refusal. */
interface SessionAnswer {
  access_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

/** POSTs JSON to the endpoint (the JSON content type is what the endpoint requires of same-origin calls). */
async function post(
  action: 'sign-in' | 'renew' | 'sign-out',
  body: object,
): Promise<{ status: number; answer: SessionAnswer; requestId?: string }> {
  const res = await fetch(`${SESSION_PATH}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  const answer = res.status === 204 ? {} : ((await res.json().catch(() => ({}))) as SessionAnswer);
  return { status: res.status, answer, requestId: res.headers.get('x-wix-request-id') ?? undefined };
}

type Answered = Awaited<ReturnType<typeof post>>;

/** A refusal as a VitrineError keeping its status and request id. */
function refusalOf(answered: Answered): VitrineError {
  const message = answered.answer.error
    ? `${answered.answer.error}: ${answered.answer.error_description ?? ''}`
    : `console session answered ${answered.status}`;
  return new VitrineError(message, { status: answered.status, requestId: answered.requestId });
}

/**
 * The tokens of a 200 answer.
 * @throws VitrineError for any other answer
 */
function tokensOf(answered: Answered): Tokens {
  if (answered.status !== 200 || !answered.answer.access_token) throw refusalOf(answered);
  return sourcedMemberTokens(answered.answer.access_token, Math.floor(Date.now() / 1000) + Number(answered.answer.expires_in));
}

/** The console's token source for `OAuthStrategy`: code exchange, renewal and sign-out at the endpoint. */
export const consoleSession: TokenSource = {
  exchangeCode: async (grant) => tokensOf(await post('sign-in', grant)),
  async renew() {
    const answered = await post('renew', {});
    // 400/401: no session (never signed in, signed out, or no longer a merchant); anything else is an outage
    if (answered.status === 400 || answered.status === 401) return null;
    return tokensOf(answered);
  },
  async end() {
    const answered = await post('sign-out', {});
    if (answered.status !== 204) throw refusalOf(answered);
    signOuts?.postMessage('signed out');
  },
};

/** Forgets the tokens an earlier console kept in `localStorage` (where any script of this origin could read them). */
export function forgetLegacyTokens(): void {
  try {
    localStorage.removeItem(LEGACY_TOKENS_KEY);
  } catch {
    // no usable localStorage: nothing was kept there either
  }
}
