import { createClient, OAuthStrategy, type OAuthStrategyInstance } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { type Answer, postJson, send } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';

const server = testServerForFile();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The hosted login page of a fresh auth redirect session, as the SDK's auth URL opens it. */
async function hostedLoginPage(): Promise<Answer> {
  const client = createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) }) as unknown as {
    auth: OAuthStrategyInstance;
  };
  const { authUrl } = await client.auth.getAuthUrl(await client.auth.generateOAuthData('http://127.0.0.1:4000/callback'));
  return send(authUrl);
}

const preflight = () =>
  send(`${server.url}/_api/iam/authentication/v2/login`, {
    method: 'OPTIONS',
    headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });

describe('X-Wix-Request-Id', () => {
  it.each<[string, () => Promise<Answer>, number]>([
    ['a successful answer', () => send(`${server.url}/healthz`), 200],
    ['a 404 for an unknown route', () => send(`${server.url}/no/such/route`), 404],
    ['a validation error', () => postJson(server.url, '/_api/iam/authentication/v2/login', { loginId: { email: 5 }, password: 'x' }), 400],
    ['a domain error', () => postJson(server.url, '/_api/iam/authentication/v2/change-password', { newPassword: 'a new password 1' }), 401],
    ['an OAuth error', () => postJson(server.url, '/oauth2/token', { grantType: 'refresh_token', refreshToken: 'not-a-token' }), 400],
    ['a CORS preflight', preflight, 204],
    ['a hosted HTML page', hostedLoginPage, 200],
    ['the HTML 404 page a browser gets', () => send(`${server.url}/no/such/page`, { headers: { accept: 'text/html' } }), 404],
    ['an undecodable URL (rejected before routing)', () => send(`${server.url}/%E0%A4%A`), 400],
  ])('is a UUID on %s', async (_name, request, status) => {
    const response = await request();
    expect(response.status).toBe(status);
    expect(response.headers.get('x-wix-request-id')).toMatch(UUID);
  });

  it('differs between two requests', async () => {
    const [first, second] = await Promise.all([send(`${server.url}/healthz`), send(`${server.url}/healthz`)]);
    expect(first.headers.get('x-wix-request-id')).not.toBe(second.headers.get('x-wix-request-id'));
  });
});
