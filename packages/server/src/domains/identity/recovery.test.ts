import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { authentication, recovery } from '@vitrine/sdk/identity';
import { describe, expect, it } from 'vitest';
import { latestRecoveryToken, mailsTo, uniqueEmail } from '../../../test/support/mailbox.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase';

const server = testServerForFile();

const shopper = () =>
  createClient({ host: server.url, modules: { authentication, recovery }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
const merchant = () =>
  createClient({ host: server.url, modules: { authentication, recovery }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

/** A registered, active member: e-mail and id. */
async function member() {
  const email = uniqueEmail();
  const result = await shopper().authentication.registerV2({ email }, { password: PASSWORD });
  return { email, memberId: result.identity?._id as string };
}

/** Posts JSON straight to the server and keeps status and raw body. */
async function post(path: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
}

const loginState = async (email: string, password: string) => (await shopper().auth.login({ email, password })).loginState;

describe('recovery/send-email', () => {
  it('answers an unknown e-mail exactly like a member e-mail, and mails nothing to it', async () => {
    const { email } = await member();
    const unknown = uniqueEmail('nobody');
    const known = await post('/_api/iam/recovery/v1/send-email', { email });
    const other = await post('/_api/iam/recovery/v1/send-email', { email: unknown });
    expect(other).toEqual(known);
    expect(known).toEqual({ status: 200, body: '{}' });
    expect(await mailsTo(server.url, unknown)).toEqual([]);
  });

  it('mails a member a single link to the hosted reset page', async () => {
    const { email } = await member();
    await shopper().auth.sendPasswordResetEmail(email, 'http://127.0.0.1:5173/reset');
    const [mail] = await mailsTo(server.url, email);
    expect(mail.subject).toBe('Reset your Vitrine password');
    expect(mail.text).toContain(`${server.url}/account/reset-password?token=vrc_`);
    expect(mail.html).toContain(`href="${server.url}/account/reset-password?token=vrc_`);
  });

  it('keeps a registered redirect with the token, for the reset page', async () => {
    const { email } = await member();
    await shopper().recovery.sendRecoveryEmail(email, { redirect: { url: 'http://localhost:5173/account', clientId: TEST_CLIENT_ID } });
    const token = await latestRecoveryToken(server.url, email);
    expect(await server.services.identity.inspectRecoveryToken(token)).toEqual({
      email,
      redirectUrl: 'http://localhost:5173/account',
      clientId: TEST_CLIENT_ID,
      merchant: false,
      hasPassword: true,
    });
  });

  it('refuses a redirect that is not registered for the client (no open redirect)', async () => {
    const error = await thrown(
      shopper().recovery.sendRecoveryEmail(uniqueEmail(), { redirect: { url: 'https://evil.example/steal', clientId: TEST_CLIENT_ID } }),
    );
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations).toEqual([
      { field: 'options.redirect.url', description: 'is not a registered redirect URI of the client', violatedRule: 'VALIDATION' },
    ]);
  });
});

describe('recovery/recover', () => {
  it('sets the new password: the old one stops working, the new one works', async () => {
    const { email } = await member();
    await shopper().recovery.sendRecoveryEmail(email);
    const token = await latestRecoveryToken(server.url, email);
    expect(await shopper().recovery.recover(token, { password: NEW_PASSWORD })).toEqual({});
    expect(await loginState(email, PASSWORD)).toBe('FAILURE');
    expect(await loginState(email, NEW_PASSWORD)).toBe('SUCCESS');
  });

  it('accepts a recovery token only once', async () => {
    const { email } = await member();
    await shopper().recovery.sendRecoveryEmail(email);
    const token = await latestRecoveryToken(server.url, email);
    await shopper().recovery.recover(token, { password: NEW_PASSWORD });
    const error = await thrown(shopper().recovery.recover(token, { password: 'yet another passphrase' }));
    expect(error.status).toBe(400);
    expect(error.details?.applicationError?.code).toBe('INVALID_RECOVERY_TOKEN');
    expect(await loginState(email, NEW_PASSWORD)).toBe('SUCCESS');
  });

  it('refuses an expired recovery token', async () => {
    const { email, memberId } = await member();
    await shopper().recovery.sendRecoveryEmail(email);
    const token = await latestRecoveryToken(server.url, email);
    await server.database.db
      .updateTable('recovery_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('identity_id', '=', memberId)
      .execute();
    const error = await thrown(shopper().recovery.recover(token, { password: NEW_PASSWORD }));
    expect(error.details?.applicationError?.code).toBe('INVALID_RECOVERY_TOKEN');
  });

  it('applies the password policy and keeps the token for another try', async () => {
    const { email } = await member();
    await shopper().recovery.sendRecoveryEmail(email);
    const token = await latestRecoveryToken(server.url, email);
    const error = await thrown(shopper().recovery.recover(token, { password: 'short' }));
    expect(error.details?.validationError?.fieldViolations?.[0]).toMatchObject({ violatedRule: 'MIN_LENGTH', data: { type: 'PASSWORD' } });
    expect(await shopper().recovery.recover(token, { password: NEW_PASSWORD })).toEqual({});
  });

  it("revokes the member's refresh tokens", async () => {
    const { email, memberId } = await member();
    const tokens = await server.services.oauth.authorizedClient(
      { kind: 'merchant', apiKeyId: 'test' },
      { memberId, clientId: TEST_CLIENT_ID },
    );
    await shopper().recovery.sendRecoveryEmail(email);
    await shopper().recovery.recover(await latestRecoveryToken(server.url, email), { password: NEW_PASSWORD });
    const res = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'refresh_token', clientId: TEST_CLIENT_ID, refreshToken: tokens.refresh_token }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'refresh token was revoked' });
  });
});

describe('recovery/activation-email', () => {
  it('lets a member signed on without a password choose one through the mailed link', async () => {
    const email = uniqueEmail();
    const signed = await merchant().authentication.signOn({ email });
    expect(await loginState(email, NEW_PASSWORD)).toBe('FAILURE');
    await merchant().recovery.sendActivationEmail(signed.identity?._id as string, { emailOptions: { language: 'en' } });
    const [mail] = await mailsTo(server.url, email);
    expect(mail.subject).toBe('Activate your Vitrine account');
    await shopper().recovery.recover(await latestRecoveryToken(server.url, email), { password: NEW_PASSWORD });
    expect(await loginState(email, NEW_PASSWORD)).toBe('SUCCESS');
  });

  it('is for merchants only', async () => {
    const { memberId } = await member();
    const error = await thrown(shopper().recovery.sendActivationEmail(memberId));
    expect(error.status).toBe(403);
  });

  it('answers 404 for an unknown identity', async () => {
    const error = await thrown(merchant().recovery.sendActivationEmail(crypto.randomUUID()));
    expect(error.status).toBe(404);
    expect(error.details?.applicationError?.code).toBe('IDENTITY_NOT_FOUND');
  });
});
