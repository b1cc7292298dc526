import { beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';

const OTHER_CLIENT_ID = 'other-client';

const server = testServerForFile({ REFRESH_REUSE_GRACE: '0' });
beforeAll(async () => {
  await server.services.clients.save({
    id: OTHER_CLIENT_ID,
    name: 'Another client',
    redirectUris: ['http://127.0.0.1:*'],
    allowedOrigins: [],
  });
});

describe('refresh_token grant with the wrong client_id (#18)', () => {
  it('is refused without spending the token, so its own client can still refresh with it', async () => {
    const first = await postJson(server.url, '/oauth2/token', { grantType: 'anonymous', clientId: TEST_CLIENT_ID });
    const refreshToken = first.body.refresh_token;

    const stolen = await postJson(server.url, '/oauth2/token', { grantType: 'refresh_token', clientId: OTHER_CLIENT_ID, refreshToken });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({ error: 'invalid_grant', error_description: 'refresh token was issued to another client' });

    const own = await postJson(server.url, '/oauth2/token', { grantType: 'refresh_token', clientId: TEST_CLIENT_ID, refreshToken });
    expect(own.status).toBe(200);
    expect(typeof own.body.refresh_token).toBe('string');
  });
});
