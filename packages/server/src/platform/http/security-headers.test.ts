import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('Strict-Transport-Security (#18)', () => {
  it('is sent for a year when the public URL is https', async () => {
    server = await startTestServer({ VITRINE_PUBLIC_URL: 'https://shop.example' });
    const res = await server.app.inject({ method: 'GET', url: '/oauth2/jwks' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent when the public URL is http (browsers ignore it there)', async () => {
    server = await startTestServer();
    const res = await server.app.inject({ method: 'GET', url: '/oauth2/jwks' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
