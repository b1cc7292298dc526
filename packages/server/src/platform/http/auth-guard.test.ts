import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { memberTokens, postJson, send, visitorTokens } from '../../../test/support/http.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';

const CHANGE_PASSWORD = '/_api/iam/authentication/v2/change-password';
const SIGN_ON = '/_api/iam/authentication/v2/sign-on';
const PASSWORD = 'correct horse battery staple';

const server = testServerForFile();

const member = () => memberTokens(server.url, server.apiKey, uniqueEmail(), PASSWORD);
const changePassword = (authorization: string) =>
  postJson(server.url, CHANGE_PASSWORD, { newPassword: 'a new password 123' }, { authorization });
const signOn = (authorization: string) => postJson(server.url, SIGN_ON, { loginId: { email: uniqueEmail() } }, { authorization });

const unauthenticated = {
  message: 'Unauthenticated',
  details: { applicationError: { description: 'The access token is missing, expired or not valid', code: 'UNAUTHENTICATED', data: {} } },
};
const permissionDenied = {
  message: 'Permission denied',
  details: { applicationError: { description: 'The caller may not use this call', code: 'PERMISSION_DENIED', data: {} } },
};

describe('the Authorization header', () => {
  it('takes an access token as it is', async () => {
    const { access_token } = await member();
    const answer = await changePassword(access_token);
    expect([answer.status, answer.body]).toEqual([200, {}]);
  });

  it('takes an access token after Bearer', async () => {
    const { access_token } = await member();
    const answer = await changePassword(`Bearer ${access_token}`);
    expect([answer.status, answer.body]).toEqual([200, {}]);
  });

  it('resolves `<access token>,<api key>` to the merchant', async () => {
    const { access_token } = await visitorTokens(server.url);
    expect((await signOn(`${access_token},${server.apiKey}`)).status).toBe(200);
  });
});

describe('the guard', () => {
  it('answers no credentials on a member route with 401 UNAUTHENTICATED', async () => {
    const response = await postJson(server.url, CHANGE_PASSWORD, { newPassword: 'a new password 123' });
    expect(response).toMatchObject({ status: 401, body: unauthenticated });
  });

  it('answers a garbage token with 401 UNAUTHENTICATED', async () => {
    expect(await changePassword('Bearer garbage')).toMatchObject({ status: 401, body: unauthenticated });
  });

  it('refuses a visitor token on a member route with 403 PERMISSION_DENIED', async () => {
    const { access_token } = await visitorTokens(server.url);
    expect(await changePassword(access_token)).toMatchObject({ status: 403, body: permissionDenied });
  });

  it('refuses a member token on a merchant route with 403', async () => {
    const { access_token } = await member();
    expect(await signOn(access_token)).toMatchObject({ status: 403, body: permissionDenied });
  });

  it('lets the API key use a merchant route', async () => {
    const answer = await signOn(server.apiKey);
    expect(answer.status).toBe(200);
    expect(answer.body.sessionToken).toMatch(/^vst_/);
  });

  it('refuses an unknown API key with 401', async () => {
    expect(await signOn(`vmk_test_${'0'.repeat(32)}`)).toMatchObject({ status: 401, body: unauthenticated });
  });

  it('does not let the API key vouch for a bad token in `<token>,<api key>`', async () => {
    const { access_token } = await member();
    const badSignature = access_token.replace(/\.[^.]+$/, '.c2lnbmF0dXJl');
    expect(await signOn(`${badSignature},${server.apiKey}`)).toMatchObject({ status: 401, body: unauthenticated });
  });

  it('refuses a token signed by another key, even under the server key id', async () => {
    const real = await member();
    const claims = decodeJwt(real.access_token);
    const header = decodeProtectedHeader(real.access_token);
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: header.kid, typ: 'at+jwt' }).sign(privateKey);
    expect(await changePassword(forged)).toMatchObject({ status: 401, body: unauthenticated });
  });

  it('refuses an expired token signed by the server key', async () => {
    const { memberId } = await member();
    const expired = await server.services.keys.sign({ sub: memberId, role: 'member', client_id: TEST_CLIENT_ID }, -60);
    expect(await changePassword(expired)).toMatchObject({ status: 401, body: unauthenticated });
  });

  it('accepts the same member token when it is not expired (the expiry test is not vacuous)', async () => {
    const { memberId } = await member();
    const fresh = await server.services.keys.sign({ sub: memberId, role: 'member', client_id: TEST_CLIENT_ID }, 60);
    expect((await changePassword(fresh)).status).toBe(200);
  });
});

describe('a shopper token verified before (answered without verifying again, #23)', () => {
  const readProduct = (authorization: string) =>
    send(`${server.url}/stores-reader/v1/products/00000000-0000-4000-8000-000000000000`, { headers: { authorization } });

  it('is refused with 401 UNAUTHENTICATED at once when its signing key is revoked', async () => {
    const { access_token } = await visitorTokens(server.url);
    expect((await readProduct(`Bearer ${access_token}`)).status).toBe(404);
    await server.services.keys.revoke(decodeProtectedHeader(access_token).kid as string);
    expect(await readProduct(`Bearer ${access_token}`)).toMatchObject({ status: 401, body: unauthenticated });
  });

  it('still resolves `<access token>,<api key>` to the merchant', async () => {
    const { access_token } = await visitorTokens(server.url);
    expect((await readProduct(`Bearer ${access_token}`)).status).toBe(404);
    expect((await signOn(`${access_token},${server.apiKey}`)).status).toBe(200);
  });
});
