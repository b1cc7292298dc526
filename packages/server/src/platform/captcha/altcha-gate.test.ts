import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { solveToToken, tamper } from '../../../test/support/captcha.js';
import { freshDatabase } from '../../../test/support/test-database.js';
import type { DatabaseHandle } from '../db/database.js';
import { AltchaCaptchaGate, type AltchaGateOptions } from './altcha-gate.js';

const SECRET = 'test-secret-test-secret-test-secret-0123';
let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());
afterEach(() => {
  vi.useRealTimers();
});

function gate(options: Partial<AltchaGateOptions> = {}): AltchaCaptchaGate {
  return new AltchaCaptchaGate({ db: database.db, policy: 'always', riskThreshold: 3, cost: 1, secret: SECRET, ...options });
}

/** A distinct client per test, so tests share one database without sharing counters. */
const someIp = () => `10.${rand()}.${rand()}.${rand()}`;
const someEmail = () => `shopper-${crypto.randomUUID()}@example.com`;
const rand = () => Math.floor(Math.random() * 256);
type Payload = Parameters<Parameters<typeof tamper>[1]>[0];

async function visibleToken(captchaGate: AltchaCaptchaGate): Promise<string> {
  return solveToToken(await captchaGate.issueChallenge('visible'));
}

describe('AltchaCaptchaGate, policy always', () => {
  it('accepts a solved visible challenge', async () => {
    const captchaGate = gate();
    const token = await visibleToken(captchaGate);
    await expect(captchaGate.check({ tokens: [{ Recaptcha: token }], action: 'login', ip: someIp() })).resolves.toBeUndefined();
  });

  it('accepts a solved invisible challenge in the InvisibleRecaptcha slot', async () => {
    const captchaGate = gate();
    const challenge = await captchaGate.issueChallenge('invisible');
    expect(challenge.parameters.data).toEqual({ kind: 'invisible' });
    const token = await solveToToken(challenge);
    await expect(captchaGate.check({ tokens: [{ InvisibleRecaptcha: token }], action: 'register', ip: someIp() })).resolves.toBeUndefined();
  });

  it('takes the token from either slot when the SDK sends both in one object', async () => {
    const captchaGate = gate();
    const token = await visibleToken(captchaGate);
    await expect(
      captchaGate.check({ tokens: [{ Recaptcha: '', InvisibleRecaptcha: token }], action: 'login', ip: someIp() }),
    ).resolves.toBeUndefined();
  });

  it.each([
    ['no tokens', undefined],
    ['an empty list', []],
    ['empty slots', [{ Recaptcha: '', InvisibleRecaptcha: '  ' }]],
  ])('answers MISSING_CAPTCHA for %s', async (_name, tokens) => {
    await expect(gate().check({ tokens, action: 'login', ip: someIp() })).rejects.toMatchObject({ code: 'MISSING_CAPTCHA' });
  });

  it('answers INVALID_CAPTCHA for a replayed solution', async () => {
    const captchaGate = gate();
    const token = await visibleToken(captchaGate);
    await captchaGate.check({ tokens: [{ Recaptcha: token }], action: 'login', ip: someIp() });
    await expect(captchaGate.check({ tokens: [{ Recaptcha: token }], action: 'login', ip: someIp() })).rejects.toMatchObject({
      code: 'INVALID_CAPTCHA',
      description: 'The captcha token was already used',
    });
  });

  it('refuses a replay on another process sharing the database', async () => {
    const token = await visibleToken(gate());
    await gate().check({ tokens: [{ Recaptcha: token }], action: 'login', ip: someIp() });
    await expect(gate().check({ tokens: [{ Recaptcha: token }], action: 'login', ip: someIp() })).rejects.toMatchObject({
      code: 'INVALID_CAPTCHA',
    });
  });

  it('accepts a solution only once when two checks race', async () => {
    const [first, second] = [gate(), gate()];
    const token = await visibleToken(first);
    const results = await Promise.allSettled(
      [first, second].map((captchaGate) => captchaGate.check({ tokens: [{ Recaptcha: token }], action: 'login', ip: someIp() })),
    );
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it.each([
    [
      'a lowered cost',
      (payload: Payload) => {
        payload.challenge.parameters.cost = 0;
      },
    ],
    [
      'a changed expiry',
      (payload: Payload) => {
        payload.challenge.parameters.expiresAt = 4_000_000_000;
      },
    ],
    [
      'a wrong derived key',
      (payload: Payload) => {
        payload.solution.derivedKey = '00'.repeat(32);
      },
    ],
    [
      'a removed signature',
      (payload: Payload) => {
        payload.challenge.signature = '';
      },
    ],
  ])('answers INVALID_CAPTCHA for a token with %s', async (_name, edit) => {
    const captchaGate = gate();
    const token = tamper(await visibleToken(captchaGate), edit);
    await expect(captchaGate.check({ tokens: [{ Recaptcha: token }], action: 'login', ip: someIp() })).rejects.toMatchObject({
      code: 'INVALID_CAPTCHA',
    });
  });

  it.each([
    ['not base64 JSON', 'definitely not a payload'],
    ['JSON of another shape', Buffer.from('{"challenge":null,"solution":null,"test":true}').toString('base64')],
    ['far too long', 'A'.repeat(20_000)],
  ])('answers INVALID_CAPTCHA for a token that is %s', async (_name, token) => {
    await expect(gate().check({ tokens: [{ Recaptcha: token }], action: 'login', ip: someIp() })).rejects.toMatchObject({
      code: 'INVALID_CAPTCHA',
    });
  });

  it('answers INVALID_CAPTCHA for a challenge signed by another server', async () => {
    const token = await visibleToken(gate({ secret: 'another-secret-another-secret-another-42' }));
    await expect(gate().check({ tokens: [{ Recaptcha: token }], action: 'login', ip: someIp() })).rejects.toMatchObject({
      code: 'INVALID_CAPTCHA',
    });
  });

  it('answers INVALID_CAPTCHA once the challenge has expired (10 minutes)', async () => {
    const captchaGate = gate();
    const token = await visibleToken(captchaGate);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    await expect(captchaGate.check({ tokens: [{ Recaptcha: token }], action: 'login', ip: someIp() })).rejects.toMatchObject({
      code: 'INVALID_CAPTCHA',
    });
  });

  it('records a spent solution until its challenge expires, and sweeps expired ones', async () => {
    await database.db
      .insertInto('captcha_spent')
      .values({ signature: 'expired-test-signature', expires_at: new Date(Date.now() - 60_000) })
      .execute();
    const captchaGate = gate();
    const challenge = await captchaGate.issueChallenge('visible');
    await captchaGate.check({ tokens: [{ Recaptcha: await solveToToken(challenge) }], action: 'login', ip: someIp() });
    const rows = await database.db.selectFrom('captcha_spent').select(['signature', 'expires_at']).execute();
    expect(rows.find((row) => row.signature === 'expired-test-signature')).toBeUndefined();
    const spent = rows.find((row) => row.signature === challenge.signature);
    expect(spent?.expires_at.getTime()).toBe((challenge.parameters.expiresAt as number) * 1000);
  });
});

describe('AltchaCaptchaGate, policy off', () => {
  it('passes without any token', async () => {
    await expect(gate({ policy: 'off' }).check({ tokens: undefined, action: 'login', ip: someIp() })).resolves.toBeUndefined();
  });

  it('passes even after many failures', async () => {
    const captchaGate = gate({ policy: 'off' });
    const attempt = { action: 'login' as const, ip: someIp(), identifier: someEmail() };
    for (let i = 0; i < 5; i++) await captchaGate.recordFailure(attempt);
    await expect(captchaGate.check({ ...attempt, tokens: [] })).resolves.toBeUndefined();
  });
});

describe('AltchaCaptchaGate, policy risk (threshold 3)', () => {
  it('passes without a token until the identifier reaches the threshold, then requires one', async () => {
    const captchaGate = gate({ policy: 'risk' });
    const identifier = someEmail();
    for (let i = 0; i < 3; i++) {
      await expect(captchaGate.check({ tokens: [], action: 'login', ip: someIp(), identifier })).resolves.toBeUndefined();
      // Each failure from another IP: only the identifier's count grows.
      await captchaGate.recordFailure({ action: 'login', ip: someIp(), identifier });
    }
    await expect(captchaGate.check({ tokens: [], action: 'login', ip: someIp(), identifier })).rejects.toMatchObject({
      code: 'MISSING_CAPTCHA',
    });
  });

  it('accepts a valid token once a captcha is required', async () => {
    const captchaGate = gate({ policy: 'risk' });
    const identifier = someEmail();
    for (let i = 0; i < 3; i++) await captchaGate.recordFailure({ action: 'login', ip: someIp(), identifier });
    const token = await visibleToken(captchaGate);
    await expect(captchaGate.check({ tokens: [{ Recaptcha: token }], action: 'login', ip: someIp(), identifier })).resolves.toBeUndefined();
  });

  it('requires a captcha from an IP that failed on several identifiers', async () => {
    const captchaGate = gate({ policy: 'risk' });
    const ip = someIp();
    for (let i = 0; i < 3; i++) await captchaGate.recordFailure({ action: 'login', ip, identifier: someEmail() });
    await expect(captchaGate.check({ tokens: [], action: 'login', ip, identifier: someEmail() })).rejects.toMatchObject({
      code: 'MISSING_CAPTCHA',
    });
  });

  it('counts the identifier case-insensitively', async () => {
    const captchaGate = gate({ policy: 'risk' });
    const identifier = someEmail();
    for (let i = 0; i < 3; i++) await captchaGate.recordFailure({ action: 'login', ip: someIp(), identifier: identifier.toUpperCase() });
    await expect(captchaGate.check({ tokens: [], action: 'login', ip: someIp(), identifier })).rejects.toMatchObject({
      code: 'MISSING_CAPTCHA',
    });
  });

  it('forgets the identifier failures after clearFailures', async () => {
    const captchaGate = gate({ policy: 'risk' });
    const identifier = someEmail();
    for (let i = 0; i < 3; i++) await captchaGate.recordFailure({ action: 'login', ip: someIp(), identifier });
    await captchaGate.clearFailures({ action: 'login', identifier });
    await expect(captchaGate.check({ tokens: [], action: 'login', ip: someIp(), identifier })).resolves.toBeUndefined();
  });

  it('counts each action apart', async () => {
    const captchaGate = gate({ policy: 'risk' });
    const attempt = { ip: someIp(), identifier: someEmail() };
    for (let i = 0; i < 3; i++) await captchaGate.recordFailure({ ...attempt, action: 'login' });
    await expect(captchaGate.check({ ...attempt, tokens: [], action: 'register' })).resolves.toBeUndefined();
  });

  it('forgets failures once their 15-minute window has passed', async () => {
    const captchaGate = gate({ policy: 'risk' });
    const attempt = { action: 'login' as const, ip: someIp() };
    for (let i = 0; i < 3; i++) await captchaGate.recordFailure(attempt);
    const key = `captcha:login:ip:${attempt.ip}`;
    const row = await database.db.selectFrom('counters').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirstOrThrow();
    expect(row.count).toBe(3);
    const left = row.reset_at.getTime() - Date.now();
    expect(left).toBeGreaterThan(14 * 60 * 1000);
    expect(left).toBeLessThanOrEqual(15 * 60 * 1000 + 1000);
    await database.db
      .updateTable('counters')
      .set({ reset_at: new Date(Date.now() - 1000) })
      .where('key', '=', key)
      .execute();
    await expect(captchaGate.check({ ...attempt, tokens: [] })).resolves.toBeUndefined();
  });

  it('shares failure counts between gates on the same database (several processes)', async () => {
    const attempt = { action: 'login' as const, ip: someIp(), identifier: someEmail() };
    const [first, second] = [gate({ policy: 'risk' }), gate({ policy: 'risk' })];
    await first.recordFailure(attempt);
    await second.recordFailure(attempt);
    await first.recordFailure(attempt);
    await expect(second.check({ ...attempt, tokens: [] })).rejects.toMatchObject({ code: 'MISSING_CAPTCHA' });
  });
});
