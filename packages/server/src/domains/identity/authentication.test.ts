import { hash, parseOptions } from '@node-rs/argon2';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { authentication, recovery, verification } from '@vitrine/sdk/identity';
import { describe, expect, it } from 'vitest';
import { solveToToken } from '../../../test/support/captcha.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { startTestServer, TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();

const PASSWORD = 'correct horse battery staple';

/** A storefront client (visitor tokens first, as in a browser). */
const shopper = () =>
  createClient({
    host: server.url,
    modules: { authentication, recovery, verification },
    auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }),
  });

/** A server-side client with the merchant API key. */
const merchant = () =>
  createClient({ host: server.url, modules: { authentication, recovery }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

/** A registered, active member. */
async function member(password = PASSWORD) {
  const email = uniqueEmail();
  const state = await shopper().auth.register({ email, password });
  expect(state.loginState).toBe('SUCCESS');
  return email;
}

/** Posts JSON straight to the server. */
async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('register and login (v2)', () => {
  it('registers a member and answers SUCCESS with a session token', async () => {
    const email = uniqueEmail();
    const result = await shopper().authentication.registerV2({ email }, { password: PASSWORD, profile: { firstName: 'Ann' } });
    expect(result.state).toBe('SUCCESS');
    expect(result.sessionToken).toMatch(/^vst_/);
    expect(result.identity).toMatchObject({
      identifiers: [{ email }],
      email: { address: email, isVerified: false },
      status: { name: 'ACTIVE', reasons: [] },
      identityProfile: { firstName: 'Ann', emails: [], phones: [], addresses: [], customFields: [] },
      metadata: { tags: [] },
    });
    expect(result.identity?._createdDate).toBeInstanceOf(Date);
  });

  it('logs a member in with the right password', async () => {
    const email = await member();
    const state = await shopper().auth.login({ email, password: PASSWORD });
    expect(state).toEqual({ loginState: 'SUCCESS', data: { sessionToken: expect.stringMatching(/^vst_/) } });
  });

  it('finds the member whatever the case of the e-mail', async () => {
    const email = await member();
    const state = await shopper().auth.login({ email: email.toUpperCase(), password: PASSWORD });
    expect(state.loginState).toBe('SUCCESS');
  });

  it('answers a wrong password with invalidPassword (-19976)', async () => {
    const email = await member();
    const state = await shopper().auth.login({ email, password: 'not the password' });
    expect(state).toEqual({ loginState: 'FAILURE', error: 'Login failed: The password is wrong', errorCode: 'invalidPassword' });
  });

  it('answers an unknown e-mail with invalidEmail (-19999)', async () => {
    const state = await shopper().auth.login({ email: uniqueEmail('nobody'), password: PASSWORD });
    expect(state).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidEmail' });
    const response = await post('/_api/iam/authentication/v2/login', { loginId: { email: uniqueEmail('nobody') }, password: PASSWORD });
    expect(response.status).toBe(404);
    expect(response.body.details.applicationError.code).toBe('-19999');
  });

  it('refuses to register a taken e-mail with emailAlreadyExists (-19995), whatever its case', async () => {
    const email = await member();
    const state = await shopper().auth.register({ email: email.toUpperCase(), password: PASSWORD });
    expect(state).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' });
  });

  it('answers a malformed e-mail with invalidEmail and "Email is not valid"', async () => {
    const state = await shopper().auth.register({ email: 'ann@example', password: PASSWORD });
    expect(state).toEqual({ loginState: 'FAILURE', error: 'Email is not valid', errorCode: 'invalidEmail' });
  });

  it('reports e-mail and password violations together', async () => {
    const response = await post('/_api/iam/authentication/v2/register', { loginId: { email: 'ann@example' }, password: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations).toEqual([
      { field: 'loginId.email', description: 'Email is not valid', violatedRule: 'FORMAT', data: { type: 'EMAIL' } },
      { field: 'password', description: 'must be at least 8 characters', violatedRule: 'MIN_LENGTH', data: { type: 'PASSWORD', min: 8 } },
    ]);
  });

  it.each([
    ['7 characters', 'seven77', 'must be at least 8 characters', 'MIN_LENGTH', { type: 'PASSWORD', min: 8 }],
    ['257 characters', 'x'.repeat(257), 'must be at most 256 characters', 'MAX_LENGTH', { type: 'PASSWORD', max: 256 }],
    ['only whitespace', '          ', 'must not be only whitespace', 'VALIDATION', { type: 'PASSWORD' }],
    ['the e-mail', 'SAME@EXAMPLE.COM', 'must not be the e-mail address', 'VALIDATION', { type: 'PASSWORD' }],
  ])('enforces the password policy: refuses %s', async (_case, password, description, violatedRule, data) => {
    const error = await thrown(shopper().authentication.registerV2({ email: 'same@example.com' }, { password }));
    expect(error.status).toBe(400);
    // The SDK names the field after its argument (`options.password`; `password` on the wire).
    expect(error.details?.validationError?.fieldViolations).toEqual([{ field: 'options.password', description, violatedRule, data }]);
  });

  it('counts password length in characters, not bytes (8 emoji pass)', async () => {
    const result = await shopper().authentication.registerV2({ email: uniqueEmail() }, { password: '🔑'.repeat(8) });
    expect(result.state).toBe('SUCCESS');
  });

  it('accepts the reference register body (corpus identity.authentication.registerV2) and answers its profile back', async () => {
    const email = uniqueEmail('ann');
    const profile = {
      firstName: 'Ann',
      lastName: 'Lee',
      emails: [{ email, tag: 'MAIN' }],
      addresses: [
        {
          tag: 'HOME',
          address: {
            city: 'Boston',
            subdivision: 'US-MA',
            country: 'US',
            postalCode: '02108',
            formattedAddress: '5 Beacon St, Boston, MA 02108, US',
            geocode: { latitude: null, longitude: 'Infinity' },
            addressLine: '5 Beacon St',
            addressLine2: 'Floor 3',
            streetAddress: { name: 'Beacon St', number: '5', apt: '3' },
          },
        },
      ],
      customFields: [
        { name: 'custom.birthday', value: { dateValue: '1990-05-17T00:00:00.000Z' } },
        { name: 'custom.score', value: { numValue: 'NaN' } },
        { name: 'custom.tags', value: { listValue: { value: [{ strValue: 'vip' }] } } },
      ],
      privacyStatus: 'PRIVATE',
    };
    const response = await post('/_api/iam/authentication/v2/register', {
      loginId: { email },
      password: PASSWORD,
      profile,
      captchaTokens: [{ Recaptcha: 'visible-captcha-token' }, { InvisibleRecaptcha: 'invisible-captcha-token' }],
      clientMetaData: { source: 'storefront' },
    });
    expect(response.status).toBe(200);
    expect(response.body.identity.identityProfile).toEqual({ ...profile, phones: [] });
  });

  it('reads non-finite profile numbers back as numbers through the SDK', async () => {
    const result = await shopper().authentication.registerV2(
      { email: uniqueEmail() },
      { password: PASSWORD, profile: { customFields: [{ name: 'custom.score', value: { numValue: Number.NaN } }] } },
    );
    expect(result.identity?.identityProfile?.customFields?.[0].value?.numValue).toBeNaN();
  });

  it('refuses unknown profile fields as FIELD_NOT_ALLOWED', async () => {
    const response = await post('/_api/iam/authentication/v2/register', {
      loginId: { email: uniqueEmail() },
      password: PASSWORD,
      profile: { firstName: 'Ann', shoeSize: 42, addresses: [{ address: { city: 'Oslo', planet: 'Earth' } }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations).toEqual([
      { field: 'profile.addresses[0].address.planet', description: 'is not a known field', violatedRule: 'FIELD_NOT_ALLOWED' },
      { field: 'profile.shoeSize', description: 'is not a known field', violatedRule: 'FIELD_NOT_ALLOWED' },
    ]);
  });

  it('answers resetPassword (-19973) when the member must reset the password', async () => {
    const email = await member();
    await server.database.db.updateTable('identities').set({ must_reset_password: true }).where('email', '=', email).execute();
    const state = await shopper().auth.login({ email, password: PASSWORD });
    expect(state).toMatchObject({ loginState: 'FAILURE', errorCode: 'resetPassword' });
  });

  it('refuses a blocked member, after the password check', async () => {
    const email = await member();
    await server.database.db.updateTable('identities').set({ status: 'BLOCKED' }).where('email', '=', email).execute();
    const wrong = await post('/_api/iam/authentication/v2/login', { loginId: { email }, password: 'not the password' });
    expect(wrong.body.details.applicationError.code).toBe('-19976');
    const right = await post('/_api/iam/authentication/v2/login', { loginId: { email }, password: PASSWORD });
    expect(right.status).toBe(403);
    expect(right.body.details.applicationError).toEqual({ code: 'MEMBER_BLOCKED', description: 'The member is blocked', data: {} });
  });

  it('rehashes a password stored with other Argon2 parameters after a good login', async () => {
    const email = await member();
    const weak = await hash(PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 } as never);
    await server.database.db.updateTable('identities').set({ password_hash: weak }).where('email', '=', email).execute();
    expect((await shopper().auth.login({ email, password: PASSWORD })).loginState).toBe('SUCCESS');
    const row = await server.database.db
      .selectFrom('identities')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(parseOptions(row.password_hash as string)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });
});

describe('v1 register and login', () => {
  it('registers through the v1 form and answers state DONE with a session token', async () => {
    const email = uniqueEmail();
    const result = await shopper().authentication.register(
      { identifiers: [{ email }], identityProfile: { firstName: 'Ann' } },
      { authenticatorId: 'password', inputs: { password: PASSWORD }, captchaTokens: [{ InvisibleRecaptcha: 'inv' }] },
    );
    expect(result.state).toEqual({ status: 'DONE' });
    expect(result.sessionToken).toMatch(/^vst_/);
    expect(result.identity?.identityProfile?.firstName).toBe('Ann');
  });

  it('logs in through the v1 form', async () => {
    const email = await member();
    const result = await shopper().authentication.login(
      { email },
      { authenticatorId: 'password', inputs: { password: PASSWORD }, loginId: { email } },
    );
    expect(result.state).toEqual({ status: 'DONE' });
    expect(result.sessionToken).toMatch(/^vst_/);
  });

  it('names v1 fields in violations', async () => {
    const response = await post('/_api/iam/authentication/v1/register', {
      identity: { identifiers: [{ email: 'bad' }] },
      authenticatorId: 'password',
      inputs: { password: 'short' },
    });
    expect(response.body.details.validationError.fieldViolations.map((violation: { field: string }) => violation.field)).toEqual([
      'identity.identifiers[0].email',
      'inputs.password',
    ]);
  });
});

describe('change-password', () => {
  it('lets a logged-in member change the password', async () => {
    const email = await member();
    const { memberId } = await loggedInMember(email);
    const tokens = await server.services.oauth.authorizedClient(
      { kind: 'merchant', apiKeyId: 'test' },
      { memberId, clientId: TEST_CLIENT_ID },
    );
    const response = await post(
      '/_api/iam/authentication/v2/change-password',
      { newPassword: 'a new password 123' },
      { authorization: tokens.access_token },
    );
    expect(response).toEqual({ status: 200, body: {} });
    expect((await shopper().auth.login({ email, password: PASSWORD })).loginState).toBe('FAILURE');
    expect((await shopper().auth.login({ email, password: 'a new password 123' })).loginState).toBe('SUCCESS');
  });

  it('refuses a visitor with 403', async () => {
    const client = shopper();
    const error = await thrown(client.authentication.changePassword('a new password 123'));
    expect(error.status).toBe(403);
    expect(error.details?.applicationError?.code).toBe('PERMISSION_DENIED');
  });
});

describe('sign-on', () => {
  it('refuses a member token with 403', async () => {
    const { memberId } = await loggedInMember(await member());
    const tokens = await server.services.oauth.authorizedClient(
      { kind: 'merchant', apiKeyId: 'test' },
      { memberId, clientId: TEST_CLIENT_ID },
    );
    const response = await post(
      '/_api/iam/authentication/v2/sign-on',
      { loginId: { email: uniqueEmail() } },
      { authorization: tokens.access_token },
    );
    expect(response.status).toBe(403);
  });

  it('creates the member for a merchant and answers a session token that buys member tokens', async () => {
    const email = uniqueEmail();
    const result = await merchant().authentication.signOn(
      { email },
      { profile: { firstName: 'Ann' }, verifyEmail: true, mergeExistingContact: true },
    );
    expect(result.identity).toMatchObject({ identifiers: [{ email }], email: { isVerified: true }, status: { name: 'ACTIVE' } });
    const grant = await post(
      '/oauth2/token',
      { grant_type: 'authorized_client', client_id: TEST_CLIENT_ID, member_id: result.identity?._id, session_token: result.sessionToken },
      { authorization: server.apiKey },
    );
    expect(grant.status).toBe(200);
    expect(await server.services.oauth.callerOf(grant.body.access_token)).toMatchObject({ kind: 'member', memberId: result.identity?._id });
  });

  it('finds an existing member instead of creating another', async () => {
    const email = await member();
    const { memberId } = await loggedInMember(email);
    const result = await merchant().authentication.signOn({ email });
    expect(result.identity?._id).toBe(memberId);
  });
});

describe('validate-email', () => {
  it('says whether an e-mail can register', async () => {
    const taken = await member();
    const client = shopper();
    expect(await client.authentication.validateEmail(uniqueEmail())).toEqual({ valid: true });
    expect(await client.authentication.validateEmail(taken)).toEqual({ valid: false });
    expect(await client.authentication.validateEmail('not-an-email')).toEqual({ valid: false });
  });
});

describe('captcha', () => {
  it('asks for a captcha on login when the policy is always (missingCaptchaToken)', async () => {
    const strict = await startTestServer({ CAPTCHA: 'always' });
    try {
      const client = createClient({ host: strict.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
      const state = await client.auth.login({ email: uniqueEmail(), password: PASSWORD });
      expect(state).toMatchObject({ loginState: 'FAILURE', errorCode: 'missingCaptchaToken' });
    } finally {
      await strict.close();
    }
  });
});

describe('brute force', () => {
  it('requires a captcha after repeated wrong passwords and accepts a solved one (risk policy)', async () => {
    const risky = await startTestServer({ CAPTCHA: 'risk', CAPTCHA_RISK_THRESHOLD: '3' });
    try {
      const client = createClient({ host: risky.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
      const email = uniqueEmail('target');
      expect((await client.auth.register({ email, password: PASSWORD })).loginState).toBe('SUCCESS');
      const codes: (string | undefined)[] = [];
      for (let i = 0; i < 4; i++) codes.push(errorCodeOf(await client.auth.login({ email, password: `guess number ${i}` })));
      expect(codes).toEqual(['invalidPassword', 'invalidPassword', 'invalidPassword', 'missingCaptchaToken']);
      // The right password alone is not enough any more: the attacker's counter protects the member.
      expect(errorCodeOf(await client.auth.login({ email, password: PASSWORD }))).toBe('missingCaptchaToken');
      const challenge = await (await fetch(`${risky.url}/_api/captcha/challenge?kind=visible`)).json();
      const recaptchaToken = await solveToToken(challenge);
      const ok = await client.auth.login({ email, password: PASSWORD, captchaTokens: { recaptchaToken } });
      expect(ok.loginState).toBe('SUCCESS');
    } finally {
      await risky.close();
    }
  });
});

describe('rate limit', () => {
  it("limits login attempts per client IP to the minute's budget (429)", async () => {
    const limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${limited.url}/_api/iam/authentication/v2/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ loginId: { email: uniqueEmail('nobody') }, password: PASSWORD }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

/** The member's id, read through a login. */
async function loggedInMember(email: string) {
  const result = await shopper().authentication.loginV2({ email }, { password: PASSWORD });
  return { memberId: result.identity?._id as string, sessionToken: result.sessionToken as string };
}

/** The login failure's error code, if the state is a failure. */
function errorCodeOf(state: object): string | undefined {
  return 'errorCode' in state ? (state.errorCode as string | undefined) : undefined;
}
