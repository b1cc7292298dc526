import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { solveToToken } from '../../../test/support/captcha.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { errorTable } from '../../error-table.js';
import { installErrorHandling } from '../wire-errors.js';
import type { CaptchaTokens } from './captcha-gate.js';
import type { IssuedChallenge } from './challenges.js';

const server = testServerForFile({ CAPTCHA: 'always' });

async function getChallenge(query = '') {
  const res = await fetch(`${server.url}/_api/captcha/challenge${query}`);
  return { res, body: (await res.json()) as IssuedChallenge };
}

describe('GET /_api/captcha/challenge', () => {
  it('issues a challenge whose solution passes the server captcha check', async () => {
    const { res, body } = await getChallenge();
    expect(res.status).toBe(200);
    const token = await solveToToken(body);
    await expect(
      server.services.captcha.check({ tokens: [{ Recaptcha: token }], action: 'login', ip: '127.0.0.1' }),
    ).resolves.toBeUndefined();
  });

  it('answers no-store and a signed, expiring SHA-256 challenge at cost 1 (the test setting)', async () => {
    const { res, body } = await getChallenge();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(body.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32, data: { kind: 'visible' } });
    expect(body.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(body.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000 + 9 * 60);
  });

  it('issues an invisible challenge with ?kind=invisible', async () => {
    const { body } = await getChallenge('?kind=invisible');
    expect(body.parameters.data).toEqual({ kind: 'invisible' });
    const token = await solveToToken(body);
    await expect(
      server.services.captcha.check({ tokens: [{ InvisibleRecaptcha: token }], action: 'register', ip: '127.0.0.1' }),
    ).resolves.toBeUndefined();
  });

  it('refuses an unknown kind with a field violation', async () => {
    const res = await fetch(`${server.url}/_api/captcha/challenge?kind=audio`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { details: { validationError: { fieldViolations: { field: string }[] } } };
    expect(body.details.validationError.fieldViolations.map((violation) => violation.field)).toEqual(['kind']);
  });

  it('is in the OpenAPI document, and the widget files are not', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/_api/captcha/challenge');
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/altcha'))).toEqual([]);
  });
});

describe('/altcha/ widget files', () => {
  it.each([
    ['/altcha/external/altcha.min.js', /^(application|text)\/javascript/],
    ['/altcha/external/altcha.css', /^text\/css/],
    ['/altcha/workers/pbkdf2.js', /^(application|text)\/javascript/],
    ['/altcha/workers/sha.js', /^(application|text)\/javascript/],
    ['/altcha/main/altcha.min.js', /^(application|text)\/javascript/],
  ])('serves %s', async (path, type) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(type);
    expect((await res.text()).length).toBeGreaterThan(100);
  });

  it('defines the altcha-widget element in the external build', async () => {
    const text = await (await fetch(`${server.url}/altcha/external/altcha.min.js`)).text();
    expect(text).toContain('altcha-widget');
  });

  it.each(['/altcha/types/index.d.ts', '/altcha/main/altcha.umd.cjs', '/altcha/', '/altcha/missing.js'])(
    'answers 404 for %s',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
    },
  );
});

describe('captcha errors on the wire', () => {
  /** A route that runs the real gate and answers through the real error table, as identity's routes will. */
  async function wireAnswer(tokens: CaptchaTokens) {
    const app = Fastify();
    installErrorHandling(app, errorTable);
    app.post('/protected', async () => {
      await server.services.captcha.check({ tokens, action: 'login', ip: '127.0.0.1' });
      return {};
    });
    const res = await app.inject({ method: 'POST', url: '/protected' });
    await app.close();
    return { status: res.statusCode, body: res.json() };
  }

  it('answers a missing token as application error -19971 (missingCaptchaToken)', async () => {
    const response = await wireAnswer(undefined);
    expect(response.status).toBe(400);
    expect(response.body.details.applicationError).toEqual({ code: '-19971', description: 'A captcha token is required', data: {} });
  });

  it('answers an invalid token as application error -19970 (invalidCaptchaToken)', async () => {
    const response = await wireAnswer([{ Recaptcha: 'bm90IGEgcGF5bG9hZA==' }]);
    expect(response.status).toBe(400);
    expect(response.body.details.applicationError).toEqual({ code: '-19970', description: 'The captcha token is not valid', data: {} });
  });
});
