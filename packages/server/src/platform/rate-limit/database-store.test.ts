import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/test-database.js';
import { startTestServer } from '../../../test/support/test-server.js';
import { errorTable } from '../../error-table.js';
import type { DatabaseHandle } from '../db/database.js';
import { installErrorHandling } from '../wire-errors.js';
import { rateLimitOptions } from './options.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

/** An app as `buildApp` sets it up (error handling, the plugin over the database) with test routes. */
async function appOver(db: DatabaseHandle, perMinute = 1000): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandling(app, errorTable);
  await app.register(rateLimit, rateLimitOptions(db.db, perMinute));
  app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  app.get('/other-limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  app.get('/default-limited', { config: { rateLimit: {} } }, async () => ({ ok: true }));
  app.get('/unlimited', async () => ({ ok: true }));
  app.get('/peek', async (request) => {
    const limit = await app.createRateLimit({ max: 3, timeWindow: '1 minute' })(request, { increment: false });
    return { remaining: limit.isAllowed ? null : limit.remaining };
  });
  await app.ready();
  return app;
}

/** A distinct client IP per test, so tests share one database without sharing counts. */
const someIp = () => `10.${rand()}.${rand()}.${rand()}`;
const rand = () => Math.floor(Math.random() * 256);
const get = (app: FastifyInstance, url: string, ip: string) => app.inject({ method: 'GET', url, remoteAddress: ip });

describe('rate limits over the counters table', () => {
  it('answers 429 in the spec error format with retry-after after max requests', async () => {
    const app = await appOver(database);
    const ip = someIp();
    for (let i = 0; i < 3; i++) expect((await get(app, '/limited', ip)).statusCode).toBe(200);
    const res = await get(app, '/limited', ip);
    await app.close();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: 'Too Many Requests',
      details: { applicationError: { description: 'Too many requests; try again later', code: 'TOO_MANY_REQUESTS', data: {} } },
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.headers['x-ratelimit-limit']).toBe('3');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(res.headers['x-ratelimit-reset'])).toBe(retryAfter);
  });

  it('tells the remaining requests on every limited answer', async () => {
    const app = await appOver(database);
    const ip = someIp();
    const remaining = [];
    for (let i = 0; i < 3; i++) remaining.push((await get(app, '/limited', ip)).headers['x-ratelimit-remaining']);
    await app.close();
    expect(remaining).toEqual(['2', '1', '0']);
  });

  it('limits only routes that opt in (global: false)', async () => {
    const app = await appOver(database);
    const ip = someIp();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await get(app, '/unlimited', ip));
    await app.close();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]?.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('applies the per-minute default to routes opting in with {}', async () => {
    const app = await appOver(database, 2);
    const ip = someIp();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(app, '/default-limited', ip)).statusCode);
    await app.close();
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('shares the limit between two app instances on one database (several processes)', async () => {
    const [first, second] = [await appOver(database), await appOver(database)];
    const ip = someIp();
    const statuses = [];
    for (const app of [first, second, first, second]) statuses.push((await get(app, '/limited', ip)).statusCode);
    await Promise.all([first.close(), second.close()]);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts each client IP apart', async () => {
    const app = await appOver(database);
    const ip = someIp();
    for (let i = 0; i < 4; i++) await get(app, '/limited', ip);
    const other = await get(app, '/limited', someIp());
    await app.close();
    expect(other.statusCode).toBe(200);
  });

  it('counts each route apart', async () => {
    const app = await appOver(database);
    const ip = someIp();
    for (let i = 0; i < 4; i++) await get(app, '/limited', ip);
    const other = await get(app, '/other-limited', ip);
    await app.close();
    expect(other.statusCode).toBe(200);
  });

  it('allows requests again once the window has passed', async () => {
    const app = await appOver(database);
    const ip = someIp();
    for (let i = 0; i < 4; i++) await get(app, '/limited', ip);
    await database.db
      .updateTable('counters')
      .set({ reset_at: new Date(Date.now() - 1000) })
      .where('key', '=', `rl:GET:/limited:${ip}`)
      .executeTakeFirstOrThrow();
    const res = await get(app, '/limited', ip);
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('reads the state without counting a request (increment: false)', async () => {
    const app = await appOver(database);
    const ip = someIp();
    const first = (await get(app, '/peek', ip)).json();
    const second = (await get(app, '/peek', ip)).json();
    await app.close();
    expect([first, second]).toEqual([{ remaining: 3 }, { remaining: 3 }]);
  });
});

describe('rate limits in the real server', () => {
  it('limits the captcha challenge route at RATE_LIMIT_PER_MINUTE and answers 429 with retry-after', async () => {
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const statuses = [];
      let last: Response | undefined;
      for (let i = 0; i < 3; i++) {
        last = await fetch(`${server.url}/_api/captcha/challenge`);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await last?.json()) as { details: { applicationError: { code: string } } };
      expect(body.details.applicationError.code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await server.close();
    }
  });
});
