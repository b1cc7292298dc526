import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormClient } from '../../../test/support/form-client.js';
import { memberTokens, postJson, type WireTokens } from '../../../test/support/http.js';
import { latestRecoveryToken, uniqueEmail } from '../../../test/support/mailbox.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { passwordVerifier } from './passwords.js';

const AUTH = '/_api/iam/authentication';
const PASSWORD = 'correct horse battery staple';
/** In every list of leaked passwords, and long enough for the length rule. */
const COMMON = 'iloveyou';

const server = testServerForFile();
afterEach(() => vi.restoreAllMocks());

const member = (email = uniqueEmail()) => memberTokens(server.url, server.apiKey, email, PASSWORD);
const refresh = (refreshToken: string) => postJson(server.url, '/oauth2/token', { grantType: 'refresh_token', refreshToken });
const changePassword = (accessToken: string, newPassword: string) =>
  postJson(server.url, `${AUTH}/v2/change-password`, { newPassword }, { authorization: `Bearer ${accessToken}` });
const login = (email: string, password: string) => postJson(server.url, `${AUTH}/v2/login`, { loginId: { email }, password });

/** The field violations of a 400 answer. */
const violationsOf = (answer: { status: number; body: any }) =>
  answer.status === 400 ? answer.body.details.validationError.fieldViolations : answer;

const commonPasswordViolation = (field: string) => [
  {
    field,
    description: 'is one of the most common passwords: choose one that is harder to guess',
    violatedRule: 'VALIDATION',
    data: { type: 'PASSWORD' },
  },
];

/** Signs an existing member in once more, as a second device does: a login, then its own token family. */
async function signIn(email: string, password = PASSWORD) {
  const answer = await login(email, password);
  if (answer.body?.state !== 'SUCCESS') throw new Error(`login answered ${answer.status}: ${answer.text}`);
  const memberId = answer.body.identity.id as string;
  const grant = await postJson(
    server.url,
    '/oauth2/token',
    { grant_type: 'authorized_client', client_id: TEST_CLIENT_ID, member_id: memberId, session_token: answer.body.sessionToken },
    { authorization: server.apiKey },
  );
  if (grant.status !== 200) throw new Error(`authorized_client answered ${grant.status}: ${grant.text}`);
  return grant.body as WireTokens;
}

const REVOKED = { error: 'invalid_grant', error_description: 'refresh token was revoked' };

describe('change-password (#18)', () => {
  it("keeps the session it was made from and ends the member's other sessions, and no one else's", async () => {
    const email = uniqueEmail();
    const deviceA = await member(email);
    const deviceB = await signIn(email);
    const hostedSession = await server.services.authorize.startHostedSession(deviceA.memberId);
    const bystander = await member();
    const bystandersHostedSession = await server.services.authorize.startHostedSession(bystander.memberId);

    expect((await changePassword(deviceA.access_token, 'a brand new passphrase')).status).toBe(200);

    expect((await refresh(deviceA.refresh_token)).status).toBe(200);
    expect((await refresh(deviceB.refresh_token)).body).toEqual(REVOKED);
    expect(await server.services.authorize.hostedSessionMember(hostedSession)).toBeNull();
    expect((await refresh(bystander.refresh_token)).status).toBe(200);
    expect(await server.services.authorize.hostedSessionMember(bystandersHostedSession)).toBe(bystander.memberId);
    expect((await login(email, 'a brand new passphrase')).body.state).toBe('SUCCESS');
  });

  it('keeps the session through its renewals: a renewed access token spares the same session', async () => {
    const email = uniqueEmail();
    const deviceA = await member(email);
    const renewed = (await refresh(deviceA.refresh_token)).body as WireTokens;
    const deviceB = await signIn(email);

    expect((await changePassword(renewed.access_token, 'a brand new passphrase')).status).toBe(200);

    expect((await refresh(renewed.refresh_token)).status).toBe(200);
    expect((await refresh(deviceB.refresh_token)).body).toEqual(REVOKED);
  });

  it('ends every session when made with an access token that names none (signed before sessions were named)', async () => {
    const email = uniqueEmail();
    const deviceA = await member(email);
    const unnamed = await server.services.keys.sign({ sub: deviceA.memberId, role: 'member', client_id: TEST_CLIENT_ID }, 60);

    expect((await changePassword(unnamed, 'a brand new passphrase')).status).toBe(200);

    expect((await refresh(deviceA.refresh_token)).body).toEqual(REVOKED);
  });
});

describe('recovery through the mailed link (#18)', () => {
  it('ends every session of the member, on every device', async () => {
    const email = uniqueEmail();
    const deviceA = await member(email);
    const deviceB = await signIn(email);
    await postJson(server.url, '/_api/iam/recovery/v1/send-email', { email });
    const recoveryToken = await latestRecoveryToken(server.url, email);

    expect(
      (await postJson(server.url, '/_api/iam/recovery/v1/recover', { recoveryToken, password: 'a brand new passphrase' })).status,
    ).toBe(200);

    expect((await refresh(deviceA.refresh_token)).body).toEqual(REVOKED);
    expect((await refresh(deviceB.refresh_token)).body).toEqual(REVOKED);
  });
});

describe('the most common passwords (#18)', () => {
  it('are refused at registration', async () => {
    const response = await postJson(server.url, `${AUTH}/v2/register`, { loginId: { email: uniqueEmail() }, password: COMMON });
    expect(violationsOf(response)).toEqual(commonPasswordViolation('password'));
  });

  it('are refused whatever their case and surrounding spaces', async () => {
    const response = await postJson(server.url, `${AUTH}/v2/register`, { loginId: { email: uniqueEmail() }, password: ' Password1 ' });
    expect(violationsOf(response)).toEqual(commonPasswordViolation('password'));
  });

  it('are refused by change-password', async () => {
    const { access_token } = await member();
    expect(violationsOf(await changePassword(access_token, COMMON))).toEqual(commonPasswordViolation('newPassword'));
  });

  it('are refused by recovery', async () => {
    const email = uniqueEmail();
    await member(email);
    await postJson(server.url, '/_api/iam/recovery/v1/send-email', { email });
    const recoveryToken = await latestRecoveryToken(server.url, email);
    const response = await postJson(server.url, '/_api/iam/recovery/v1/recover', { recoveryToken, password: COMMON });
    expect(violationsOf(response)).toEqual(commonPasswordViolation('password'));
  });

  it('are refused on the hosted reset page, next to the field', async () => {
    const email = uniqueEmail();
    await member(email);
    await postJson(server.url, '/_api/iam/recovery/v1/send-email', { email });
    const recoveryToken = await latestRecoveryToken(server.url, email);
    const browser = new FormClient(server.url);
    const page = await browser.get(`${server.url}/account/reset-password?token=${encodeURIComponent(recoveryToken)}`);
    const answer = await browser.submit(page.form('/account/reset-password'), { password: COMMON, confirm: COMMON });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('is one of the most common passwords: choose one that is harder to guess');
  });
});

describe('login of an unknown e-mail (#18)', () => {
  it('checks the password with the same verifier and argon2 parameters as a wrong password, and keeps its own error', async () => {
    const email = uniqueEmail();
    await member(email);
    const stored = await server.database.db
      .selectFrom('identities')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const verify = vi.spyOn(passwordVerifier, 'verify');

    const wrong = await login(email, 'not the password');
    const unknown = await login(uniqueEmail('nobody'), 'not the password');

    expect(wrong.body.details.applicationError.code).toBe('-19976');
    expect(unknown.status).toBe(404);
    expect(verify).toHaveBeenCalledTimes(2);
    const [[memberHash], [nobodysHash]] = verify.mock.calls;
    expect(memberHash).toBe(stored.password_hash);
    // A PHC string: $argon2id$v=19$m=…,t=…,p=…$salt$hash; everything before the salt is the cost.
    const cost = (hash: string) => hash.split('$').slice(0, 4).join('$');
    expect(cost(nobodysHash)).toBe(cost(memberHash));
    expect(nobodysHash).not.toBe(memberHash);
  });
});
