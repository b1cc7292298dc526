import { TEST_CLIENT_ID } from './test-server.js';

/** An answer as platform tests read it: status, headers, and the body as text and (when it is JSON) parsed. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** tests compare whole bodies with toEqual and reach into them freely */
  body: any;
}

/** Sends a request without following redirects and reads the whole answer. */
export async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** POSTs a JSON body. */
export function postJson(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return send(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Tokens as the token endpoint answers them. */
export interface WireTokens {
  access_token: string;
  refresh_token: string;
}

/** Visitor tokens of the test client (the anonymous grant). */
export async function visitorTokens(base: string): Promise<WireTokens> {
  const response = await postJson(base, '/oauth2/token', { grantType: 'anonymous', clientId: TEST_CLIENT_ID });
  if (response.status !== 200) throw new Error(`anonymous grant answered ${response.status}: ${response.text}`);
  return response.body as WireTokens;
}

/**
 * Registers a member over HTTP and buys its tokens with the merchant key (authorized_client grant,
 * redeeming the registration's session token), as a server-side storefront would.
 */
export async function memberTokens(
  base: string,
  apiKey: string,
  email: string,
  password: string,
): Promise<WireTokens & { memberId: string }> {
  const reg = await postJson(base, '/_api/iam/authentication/v2/register', { loginId: { email }, password });
  if (reg.body?.state !== 'SUCCESS') throw new Error(`register answered ${reg.status}: ${reg.text}`);
  const memberId = reg.body.identity.id as string;
  const grant = await postJson(
    base,
    '/oauth2/token',
    { grant_type: 'authorized_client', client_id: TEST_CLIENT_ID, member_id: memberId, session_token: reg.body.sessionToken },
    { authorization: apiKey },
  );
  if (grant.status !== 200) throw new Error(`authorized_client answered ${grant.status}: ${grant.text}`);
  return { ...(grant.body as WireTokens), memberId };
}
