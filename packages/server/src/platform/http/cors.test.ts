import { describe, expect, it } from 'vitest';
import { postJson, send } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const LOGIN = '/_api/iam/authentication/v2/login';
/** Allowed by the test client (`http://127.0.0.1:*`). */
const SHOP = 'http://127.0.0.1:5173';
const EVIL = 'https://evil.example';

const server = testServerForFile();

const preflight = (origin: string) =>
  send(`${server.url}${LOGIN}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });

const login = (origin: string) => postJson(server.url, LOGIN, { loginId: { email: 'nobody@example.com' }, password: 'x' }, { origin });

describe('CORS', () => {
  it('allows a preflight from a registered origin for POST with Authorization and Content-Type', async () => {
    const answer = await preflight(SHOP);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP);
    const list = (name: string) =>
      answer.headers
        .get(name)
        ?.toLowerCase()
        .split(/\s*,\s*/);
    expect(list('access-control-allow-methods')).toContain('post');
    expect(list('access-control-allow-headers')).toEqual(['authorization', 'content-type']);
  });

  it('exposes X-Wix-Request-Id to a registered origin, on the preflight and on the answer', async () => {
    for (const answer of [await preflight(SHOP), await login(SHOP)]) {
      expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(answer.headers.get('access-control-expose-headers')).toBe('X-Wix-Request-Id');
    }
  });

  it('gives a preflight from an unregistered origin no access-control-allow-origin', async () => {
    const answer = await preflight(EVIL);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('gives an answer to an unregistered origin no access-control-allow-origin', async () => {
    const answer = await login(EVIL);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never allows credentials cross-site', async () => {
    const answer = await preflight(SHOP);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('marks answers as varying by Origin, so a cache never serves one origin the answer of another', async () => {
    const answer = await login(EVIL);
    expect(answer.headers.get('vary')?.toLowerCase()).toContain('origin');
  });
});
