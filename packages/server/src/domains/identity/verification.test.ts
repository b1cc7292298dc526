import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { authentication, verification } from '@vitrine/sdk/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, mailsTo, uniqueEmail } from '../../../test/support/mailbox.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const PASSWORD = 'correct horse battery staple';

const server = testServerForFile({ VERIFY_EMAIL_ON_REGISTER: 'true' });

const shopper = (target = server) =>
  createClient({ host: target.url, modules: { authentication, verification }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });

/** Registers and answers the pending state token with the member's e-mail. */
async function registered() {
  const email = uniqueEmail();
  const result = await shopper().authentication.registerV2({ email }, { password: PASSWORD });
  expect(result.state).toBe('REQUIRE_EMAIL_VERIFICATION');
  return { email, stateToken: result.stateToken as string, memberId: result.identity?._id as string };
}

/** Lets the resend interval pass by ageing the member's codes. */
async function ageCodes(memberId: string) {
  await server.database.db
    .updateTable('verification_codes')
    .set({ created_at: new Date(Date.now() - 60_000) })
    .where('identity_id', '=', memberId)
    .execute();
}

describe('e-mail verification on registration', () => {
  it('mails a 6-digit code on register; processVerification with it answers SUCCESS with a session token', async () => {
    const email = uniqueEmail();
    const client = shopper();
    const state = await client.auth.register({ email, password: PASSWORD });
    expect(state).toEqual({ loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: expect.stringMatching(/^vsa_/) } });
    const [mail] = await mailsTo(server.url, email);
    expect(mail.subject).toBe('Your Vitrine verification code');
    expect(mail.text).toMatch(/^Your Vitrine verification code is \d{6}$/m);
    const done = await client.auth.processVerification({ verificationCode: await latestCode(server.url, email) });
    expect(done).toEqual({ loginState: 'SUCCESS', data: { sessionToken: expect.stringMatching(/^vst_/) } });
  });

  it('marks the e-mail verified and the member ACTIVE once the code is verified', async () => {
    const { email, stateToken } = await registered();
    const result = await shopper().verification.verifyDuringAuthentication(await latestCode(server.url, email), { stateToken });
    expect(result.identity).toMatchObject({ email: { isVerified: true }, status: { name: 'ACTIVE', reasons: [] } });
  });

  it('answers REQUIRE_EMAIL_VERIFICATION on login while the e-mail is not verified', async () => {
    const { email } = await registered();
    const state = await shopper().auth.login({ email, password: PASSWORD });
    expect(state.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
  });

  it('does not mail another code when one went out less than 30 seconds ago (login right after register)', async () => {
    const { email } = await registered();
    await shopper().auth.login({ email, password: PASSWORD });
    expect(await mailsTo(server.url, email)).toHaveLength(1);
  });

  it('refuses a wrong code and says how many attempts are left', async () => {
    const { stateToken } = await registered();
    const error = await thrown(shopper().verification.verifyDuringAuthentication('000000x', { stateToken }));
    expect(error.status).toBe(400);
    expect(error.details?.applicationError).toMatchObject({ code: 'WRONG_VERIFICATION_CODE', data: { attemptsLeft: 4 } });
  });

  it('kills a code after 5 wrong attempts, even for the right code then', async () => {
    const { email, stateToken } = await registered();
    const code = await latestCode(server.url, email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      const error = await thrown(shopper().verification.verifyDuringAuthentication(wrong, { stateToken }));
      expect(error.details?.applicationError?.code).toBe('WRONG_VERIFICATION_CODE');
    }
    const error = await thrown(shopper().verification.verifyDuringAuthentication(code, { stateToken }));
    expect(error.status).toBe(429);
    expect(error.details?.applicationError?.code).toBe('TOO_MANY_VERIFICATION_ATTEMPTS');
  });

  it('spends the state token and the code on success', async () => {
    const { email, stateToken } = await registered();
    const code = await latestCode(server.url, email);
    await shopper().verification.verifyDuringAuthentication(code, { stateToken });
    const error = await thrown(shopper().verification.verifyDuringAuthentication(code, { stateToken }));
    expect(error.details?.applicationError?.code).toBe('INVALID_STATE_TOKEN');
  });

  it('refuses an unknown state token', async () => {
    const error = await thrown(shopper().verification.verifyDuringAuthentication('123456', { stateToken: 'vsa_unknown' }));
    expect(error.status).toBe(400);
    expect(error.details?.applicationError?.code).toBe('INVALID_STATE_TOKEN');
  });

  it('refuses an expired code', async () => {
    const { email, stateToken, memberId } = await registered();
    await server.database.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('identity_id', '=', memberId)
      .execute();
    const error = await thrown(shopper().verification.verifyDuringAuthentication(await latestCode(server.url, email), { stateToken }));
    expect(error.details?.applicationError?.code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('refuses a resend within 30 seconds of the last code with 429', async () => {
    const { stateToken } = await registered();
    const error = await thrown(shopper().verification.resendDuringAuthentication(stateToken));
    expect(error.status).toBe(429);
    expect(error.details?.applicationError?.code).toBe('VERIFICATION_CODE_TOO_SOON');
  });

  it('resends a new code that replaces the old one', async () => {
    const { email, stateToken, memberId } = await registered();
    const old = await latestCode(server.url, email);
    await ageCodes(memberId);
    expect(await shopper().verification.resendDuringAuthentication(stateToken)).toEqual({});
    expect(await mailsTo(server.url, email)).toHaveLength(2);
    const fresh = await latestCode(server.url, email);
    if (old !== fresh) {
      const error = await thrown(shopper().verification.verifyDuringAuthentication(old, { stateToken }));
      expect(error.details?.applicationError?.code).toBe('WRONG_VERIFICATION_CODE');
    }
    const result = await shopper().verification.verifyDuringAuthentication(fresh, { stateToken });
    expect(result.state).toBe('SUCCESS');
  });

  it('refuses a state token to another OAuth client', async () => {
    const { email, stateToken } = await registered();
    await server.services.clients.save({ id: 'other-client', name: 'Other', redirectUris: [], allowedOrigins: [] });
    const other = createClient({ host: server.url, modules: { verification }, auth: OAuthStrategy({ clientId: 'other-client' }) });
    const error = await thrown(other.verification.verifyDuringAuthentication(await latestCode(server.url, email), { stateToken }));
    expect(error.details?.applicationError?.code).toBe('INVALID_STATE_TOKEN');
  });
});

describe('verification/Start', () => {
  /** Posts to verification/Start with the given credential. */
  async function start(identityId: string, authorization: string) {
    const res = await fetch(`${server.url}/_api/iam/verification/v1/Start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ identityId, target: 'EMAIL' }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('mails a code to the member itself and answers a verification id', async () => {
    const { email, memberId } = await registered();
    await ageCodes(memberId);
    // An active member whose e-mail is not verified yet (registered before verification was required).
    await server.database.db.updateTable('identities').set({ status: 'ACTIVE', status_reasons: [] }).where('id', '=', memberId).execute();
    const tokens = await server.services.oauth.authorizedClient(
      { kind: 'merchant', apiKeyId: 'test' },
      { memberId, clientId: TEST_CLIENT_ID },
    );
    const response = await start(memberId, tokens.access_token);
    expect(response).toEqual({ status: 200, body: { verificationId: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    expect(await mailsTo(server.url, email)).toHaveLength(2);
  });

  it('mails a code for a merchant (API key)', async () => {
    const { email, memberId } = await registered();
    await ageCodes(memberId);
    expect((await start(memberId, server.apiKey)).status).toBe(200);
    expect(await mailsTo(server.url, email)).toHaveLength(2);
  });

  it("refuses another member's identity with 403", async () => {
    const { memberId } = await registered();
    const error = await thrown(shopper().verification.start({ identityId: memberId, target: 'EMAIL' }));
    expect(error.status).toBe(403);
  });
});

describe('owner approval', () => {
  let approving: TestServer;
  beforeAll(async () => {
    approving = await startTestServer({ APPROVE_MEMBERS_MANUALLY: 'true' });
  });
  afterAll(() => approving?.close());

  it('answers OWNER_APPROVAL_REQUIRED until the owner approves, then state/proceed answers SUCCESS', async () => {
    const email = uniqueEmail();
    const client = shopper(approving);
    expect(await client.auth.register({ email, password: PASSWORD })).toEqual({ loginState: 'OWNER_APPROVAL_REQUIRED' });
    const pending = await client.authentication.loginV2({ email }, { password: PASSWORD });
    expect(pending).toMatchObject({
      state: 'REQUIRE_OWNER_APPROVAL',
      identity: { status: { name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] } },
    });
    const still = await client.authentication.proceedToNextState({ stateToken: pending.stateToken as string });
    expect(still.state).toBe('REQUIRE_OWNER_APPROVAL');

    const approved = await approving.services.identity.approveMember(email);
    expect(approved.status).toEqual({ name: 'ACTIVE', reasons: [] });
    const done = await client.authentication.proceedToNextState({ stateToken: still.stateToken as string });
    expect(done.state).toBe('SUCCESS');
    expect(done.sessionToken).toMatch(/^vst_/);
  });

  it('spends a state token on proceed', async () => {
    const email = uniqueEmail();
    const client = shopper(approving);
    const pending = await client.authentication.registerV2({ email }, { password: PASSWORD });
    await client.authentication.proceedToNextState({ stateToken: pending.stateToken as string });
    const error = await thrown(client.authentication.proceedToNextState({ stateToken: pending.stateToken as string }));
    expect(error.details?.applicationError?.code).toBe('INVALID_STATE_TOKEN');
  });

  it('asks for e-mail verification first, then owner approval, when both are on', async () => {
    const both = await startTestServer({ APPROVE_MEMBERS_MANUALLY: 'true', VERIFY_EMAIL_ON_REGISTER: 'true' });
    try {
      const email = uniqueEmail();
      const client = shopper(both);
      expect((await client.auth.register({ email, password: PASSWORD })).loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
      const next = await client.auth.processVerification({ code: await latestCode(both.url, email) });
      expect(next).toEqual({ loginState: 'OWNER_APPROVAL_REQUIRED' });
    } finally {
      await both.close();
    }
  });
});
