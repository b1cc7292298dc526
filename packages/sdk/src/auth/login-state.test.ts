import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAuthStrategy } from './oauth-strategy.js';

const NOW = 1735689600;
const API = 'https://api.test';
const VISITOR = {
  accessToken: { value: 'ACCESS.visitor', expiresAt: NOW + 3600 },
  refreshToken: { value: 'REFRESH.visitor', role: 'visitor' as const },
};

interface Req {
  path: string;
  headers: Record<string, string>;
  body?: any;
}
type Reply = { status?: number; statusText?: string; body?: unknown; headers?: Record<string, string> } | 'network';

/** A strategy with visitor tokens whose every request is answered by `reply`. */
function setup(reply: (req: Req) => Reply) {
  const requests: Req[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const req = {
      path: new URL(url).pathname,
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    requests.push(req);
    const answer = reply(req);
    if (answer === 'network') throw new TypeError('fetch failed');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      statusText: answer.statusText,
      headers: answer.headers,
    });
  };
  return { auth: OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: VISITOR }), requests };
}

const appError = (code: string | number, message = 'Login failed', description = `failed (${code})`): Reply => ({
  status: 403,
  headers: { 'X-Wix-Request-Id': 'req-1' },
  body: { message, details: { applicationError: { code, description, data: {} } } },
});

const CREDENTIALS = { email: 'ann@example.com', password: 'secret' };

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('login failures (spec §8)', () => {
  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19970', 'invalidCaptchaToken'],
    ['-19976', 'invalidPassword'],
    ['-19973', 'resetPassword'],
    ['-19995', 'invalidEmail'],
    ['-19999', 'invalidEmail'],
    [-19976, 'invalidPassword'],
    [-19971, 'missingCaptchaToken'],
    [-19970, 'invalidCaptchaToken'],
    [-19973, 'resetPassword'],
    ['constructor', 'invalidEmail'],
  ])('application code %j gives errorCode %s', async (code, errorCode) => {
    const { auth } = setup(() => appError(code));
    expect(await auth.login(CREDENTIALS)).toEqual({ loginState: 'FAILURE', error: `Login failed: failed (${code})`, errorCode });
  });

  it('a validation error resolves FAILURE invalidEmail with a message (D05)', async () => {
    const { auth } = setup(() => ({
      status: 400,
      body: {
        message: 'Validation failed',
        details: {
          validationError: { fieldViolations: [{ field: 'password', description: 'must not be empty', violatedRule: 'REQUIRED_FIELD' }] },
        },
      },
    }));
    const state = await auth.login({ email: 'ann@example.com', password: '' });
    expect(state).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidEmail' });
    expect(state).toHaveProperty('error', expect.stringContaining('must not be empty'));
  });

  it('a network failure resolves FAILURE with System error occurred (D05)', async () => {
    const { auth } = setup(() => 'network');
    expect(await auth.login(CREDENTIALS)).toEqual({ loginState: 'FAILURE', error: 'System error occurred', errorCode: 'invalidEmail' });
  });
});

describe('registration failures (spec §8)', () => {
  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19995', 'emailAlreadyExists'],
    ['-19970', 'invalidCaptchaToken'],
    [-19995, 'emailAlreadyExists'],
  ])('application code %j gives errorCode %s', async (code, errorCode) => {
    const { auth } = setup(() => appError(code, 'Registration failed'));
    expect(await auth.register(CREDENTIALS)).toEqual({ loginState: 'FAILURE', error: `Registration failed: failed (${code})`, errorCode });
  });

  it.each(['-19976', '-19973', '-19999', 'toString'])('application code %s gives the message only', async (code) => {
    const { auth } = setup(() => appError(code, 'Registration failed'));
    expect(await auth.register(CREDENTIALS)).toEqual({ loginState: 'FAILURE', error: `Registration failed: failed (${code})` });
  });

  it('an EMAIL field violation gives invalidEmail with its description', async () => {
    const { auth } = setup(() => ({
      status: 400,
      body: {
        message: 'Validation failed',
        details: {
          validationError: {
            fieldViolations: [
              { field: 'loginId.email', description: 'Email is not valid', violatedRule: 'FORMAT', data: { type: 'EMAIL' } },
              { field: 'password', description: 'too short', violatedRule: 'MIN_LENGTH', data: { type: 'PASSWORD' } },
            ],
          },
        },
      },
    }));
    expect(await auth.register({ email: 'ann@example', password: 'x' })).toEqual({
      loginState: 'FAILURE',
      error: 'Email is not valid',
      errorCode: 'invalidEmail',
    });
  });

  it('a 500 without a body gives the system error with the request id and no code (D11)', async () => {
    const { auth } = setup(() => ({ status: 500, statusText: 'Internal Server Error', headers: { 'X-Wix-Request-Id': 'req-reg-500' } }));
    expect(await auth.register(CREDENTIALS)).toEqual({ loginState: 'FAILURE', error: 'System error occurred, request-id: req-reg-500' });
  });
});

describe('server states (spec §4)', () => {
  it.each([
    [
      { state: 'SUCCESS', sessionToken: 'SESSION.1' },
      { loginState: 'SUCCESS', data: { sessionToken: 'SESSION.1' } },
    ],
    [{ state: 'REQUIRE_OWNER_APPROVAL' }, { loginState: 'OWNER_APPROVAL_REQUIRED' }],
    [
      { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'STATE.1' },
      { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'STATE.1' } },
    ],
    [{ state: 'STATUS_CHECK' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
    [{ state: 'UNKNOWN_STATE' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
    [{}, { loginState: 'FAILURE', error: 'Unknown _state' }],
  ])('%j gives %j', async (answer, state) => {
    const { auth } = setup(() => ({ body: { identity: { id: 'ident-1' }, ...answer } }));
    expect(await auth.login(CREDENTIALS)).toEqual(state);
    expect(await auth.register(CREDENTIALS)).toEqual(state);
  });
});

describe('requests', () => {
  it('login sends loginId, password and the captcha tokens with the visitor token', async () => {
    const { auth, requests } = setup(() => ({ body: { state: 'SUCCESS', sessionToken: 'S' } }));
    await auth.login({ ...CREDENTIALS, captchaTokens: { recaptchaToken: 'vis', invisibleRecaptchaToken: 'inv' } });
    expect(requests[0].path).toBe('/_api/iam/authentication/v2/login');
    expect(requests[0].headers.Authorization).toBe('ACCESS.visitor');
    expect(requests[0].body).toEqual({
      loginId: { email: 'ann@example.com' },
      password: 'secret',
      captchaTokens: [{ Recaptcha: 'vis', InvisibleRecaptcha: 'inv' }],
    });
  });

  it('register sends the profile too, and never changes the caller’s parameters', async () => {
    const { auth, requests } = setup(() => ({ body: { state: 'SUCCESS', sessionToken: 'S' } }));
    const params = { ...CREDENTIALS, profile: { firstName: 'Ann' } };
    await auth.register(params);
    expect(requests[0].path).toBe('/_api/iam/authentication/v2/register');
    expect(requests[0].body).toEqual({ loginId: { email: 'ann@example.com' }, password: 'secret', profile: { firstName: 'Ann' } });
    expect(params).toEqual({ ...CREDENTIALS, profile: { firstName: 'Ann' } });
  });
});

describe('processVerification', () => {
  it("fails with 'Unknown _state' outside EMAIL_VERIFICATION_REQUIRED, without a request", async () => {
    const { auth, requests } = setup(() => ({ body: {} }));
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });
    expect(requests).toHaveLength(0);
  });

  it('verifies with the state token the login left, then maps the answer', async () => {
    const { auth, requests } = setup((req) =>
      req.path.endsWith('/login')
        ? { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'STATE.1' } }
        : { body: { state: 'SUCCESS', sessionToken: 'SESSION.2' } },
    );
    await auth.login(CREDENTIALS);
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'SESSION.2' },
    });
    expect(requests[1].path).toBe('/_api/iam/verification/v1/auth/verify');
    expect(requests[1].body).toEqual({ code: '123456', stateToken: 'STATE.1' });
    // the flow is over: a second verification has no state to continue
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });
  });

  it('takes `code` and an explicit state', async () => {
    const { auth, requests } = setup(() => ({ body: { state: 'REQUIRE_OWNER_APPROVAL' } }));
    const state = { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'STATE.9' } } as const;
    expect(await auth.processVerification({ code: '654321' }, state)).toEqual({ loginState: 'OWNER_APPROVAL_REQUIRED' });
    expect(requests[0].body).toEqual({ code: '654321', stateToken: 'STATE.9' });
  });

  it('keeps the state when the verification call fails, so it can be retried', async () => {
    let fail = true;
    const { auth } = setup((req) =>
      req.path.endsWith('/login')
        ? { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'STATE.1' } }
        : fail
          ? appError('-19988', 'Bad code')
          : { body: { state: 'SUCCESS', sessionToken: 'S' } },
    );
    await auth.login(CREDENTIALS);
    await expect(auth.processVerification({ verificationCode: '000000' })).rejects.toThrow('Bad code');
    fail = false;
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'S' } });
  });
});
