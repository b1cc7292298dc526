/**
 * The conformance harness's own pieces: seeded randomness, encodings, matching, the pinned
 * environment. (Replaying and judging whole cases: harness-run.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Json } from './corpus.js';
import { decode, encode, encodeError } from './encoding.js';
import { pinEnvironment } from './environment.js';
import { macrotask } from './globals.js';
import { formatDiffs, match } from './match.js';
import { pkceCheck, s256 } from './pkce.js';
import { fnv1a32, mulberry32, seededGetRandomValues } from './random.js';
import { maskDomReports, outcomeOverride } from './volatile.js';

describe('seeded randomness (README step 1)', () => {
  it('hashes with FNV-1a 32-bit over UTF-16 code units', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    expect(fnv1a32('é')).toBe(0x6c0b6c44);
    expect(fnv1a32('😀')).toBe(0xcb31c4b8); // two surrogate code units
  });

  it('generates the mulberry32 sequence', () => {
    const next = mulberry32(0);
    expect([next(), next(), next()]).toEqual([1144304738, 1416247, 958946056]);
    const seeded = mulberry32(fnv1a32('oauth.generateOAuthData'));
    expect([seeded(), seeded()]).toEqual([3031441762, 267646093]);
  });

  it('reproduces the verifier the reference generated for oauth.generateOAuthData', () => {
    const bytes = seededGetRandomValues('oauth.generateOAuthData')(new Uint8Array(43));
    const charset = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~';
    const verifier = [...bytes].map((b) => charset[b % 66]).join('');
    expect(verifier).toBe('GjRu3GFgacNLKmtUNwK8SAAg1sbnq5NkkocgqZulFaa');
    expect(s256(verifier)).toBe('mAlabWLr3nOicFoK8T52fEm52C-6rq3SDU2WaXQ5Ft8');
  });

  it('fills every byte of wider typed arrays with one output each', () => {
    const words = seededGetRandomValues('x')(new Uint32Array(2));
    const next = mulberry32(fnv1a32('x'));
    const bytes = Array.from({ length: 8 }, () => next() & 0xff);
    expect([...new Uint8Array(words.buffer)]).toEqual(bytes);
  });

  it('computes the $pkceCheck of the RFC 7636 example', () => {
    const data = {
      codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      state: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    };
    expect(pkceCheck(data)).toEqual({
      verifierLength: 43,
      verifierCharsetOk: true,
      challengeMatchesS256: true,
      stateLength: 43,
      stateIsBase64Url: true,
    });
    expect(pkceCheck({ ...data, codeChallenge: 'x', state: 'a+b' })).toMatchObject({
      challengeMatchesS256: false,
      stateIsBase64Url: false,
    });
  });
});

describe('encodings (README "Encodings", step 7)', () => {
  it('decodes every encoding and leaves query operators as data', () => {
    const v = decode({
      d: { $date: '2025-01-01T00:00:00.000Z' },
      n: [{ $number: 'NaN' }, { $number: 'Infinity' }, { $number: '-Infinity' }],
      u: { $undefined: true },
      b: { $bytes: 'AQID' },
      f: { $function: 'handler' },
      e: { $error: { name: 'TypeError', class: 'TypeError', message: 'boom', props: { code: 'X' } } },
      q: { $startsWith: 'Blue' },
      c: { $class: 'Thing', a: 1 },
    }) as Record<string, unknown>;
    expect(v.d).toEqual(new Date('2025-01-01T00:00:00.000Z'));
    expect(v.n).toEqual([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]);
    expect('u' in v && v.u === undefined).toBe(true);
    expect(v.b).toEqual(new Uint8Array([1, 2, 3]));
    expect((v.f as () => void).name).toBe('handler');
    expect(v.e).toBeInstanceOf(Error);
    expect(v.e).toMatchObject({ name: 'TypeError', message: 'boom', code: 'X' });
    expect(v.q).toEqual({ $startsWith: 'Blue' });
    expect(v.c).toEqual({ a: 1 });
  });

  it('round-trips encoded values', () => {
    const encoded: Json = {
      a: [{ $date: '2024-12-01T10:00:00.000Z' }, { $number: '-Infinity' }, 1.5],
      b: { $bytes: 'AQID' },
      c: { $undefined: true },
      s: 'x',
    };
    expect(encode(decode(encoded))).toEqual(encoded);
  });

  it('encodes class instances, cycles and errors', () => {
    class Thing {
      x = 1;
      get y() {
        return 2;
      }
    }
    expect(encode(new Thing())).toEqual({ $class: 'Thing', x: 1 });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(encode(cyclic)).toEqual({ a: 1, self: { $circular: true } });
    const shared = { k: 1 };
    expect(encode([shared, shared])).toEqual([{ k: 1 }, { k: 1 }]);
    const err = Object.assign(new RangeError('bad'), { status: 400, cause: undefined });
    expect(encodeError(err)).toEqual({
      name: 'RangeError',
      class: 'RangeError',
      message: 'bad',
      props: { status: 400, cause: { $undefined: true } },
    });
    expect(encode({ inner: new Error('x') })).toMatchObject({ inner: { $error: { message: 'x' } } });
  });

  it('encodes a query-result iterator through its accessors', () => {
    const it = {
      items: [{ _id: 'p1', price: Number.NaN }],
      pageSize: 1,
      totalCount: undefined,
      totalPages: Number.NaN,
      currentPage: 0,
      hasNext: () => true,
      hasPrev: () => false,
      next: () => undefined,
    };
    expect(encode(it)).toEqual({
      $class: 'Object',
      items: [{ _id: 'p1', price: { $number: 'NaN' } }],
      length: 1,
      pageSize: 1,
      totalCount: { $undefined: true },
      currentPage: 0,
      totalPages: { $number: 'NaN' },
      hasNext: true,
      hasPrev: false,
    });
  });
});

describe('matching (README "How a case is judged")', () => {
  const lines = (e: unknown, a: unknown) => formatDiffs(match(e as never, encode(a)));

  it('treats $undefined as absent and ignores $class', () => {
    expect(lines({ a: 1, b: { $undefined: true }, $class: 'X' }, { a: 1 })).toEqual([]);
    expect(lines({ a: 1 }, { a: 1, b: undefined })).toEqual([]);
    expect(lines({ a: 1 }, { a: 1, b: null })).toEqual(['$.b: expected absent, actual null']);
  });

  it('reports every difference with its path', () => {
    expect(lines({ cart: { lineItems: [{ quantity: 2 }, { quantity: 3 }] } }, { cart: { lineItems: [{ quantity: '2' }] } })).toEqual([
      '$.cart.lineItems: expected 2 element(s), actual 1',
      '$.cart.lineItems[0].quantity: expected 2, actual "2"',
      '$.cart.lineItems[1]: missing element {"quantity":3}',
    ]);
    expect(lines({ 'a.b': 1 }, {})).toEqual(['$["a.b"]: expected 1, actual absent']);
  });

  it('honours the matchers', () => {
    expect(lines({ $match: 'any' }, undefined)).toEqual([]);
    expect(lines({ a: { $match: 'absent' } }, { a: 1 })).toHaveLength(1);
    expect(lines({ $match: 'number' }, Number.NaN)).toHaveLength(1);
    expect(lines({ $match: 'number' }, 3)).toEqual([]);
    expect(lines({ $match: 'string', pattern: '^req-' }, 'req-1')).toEqual([]);
    expect(lines({ $match: 'string', pattern: '^req-' }, 'x')).toHaveLength(1);
    expect(lines({ $match: 'nonEmptyString' }, '')).toHaveLength(1);
    expect(lines({ $match: 'contains', value: 'System error occurred' }, 'System error occurred, request-id: x')).toEqual([]);
    expect(lines({ $match: 'superset', value: ['a', 'b'] }, ['c', 'b', 'a'])).toEqual([]);
    expect(lines({ $match: 'superset', value: ['a', 'z'] }, ['a'])).toEqual(['$: missing element(s) ["z"] (actual ["a"])']);
  });

  it('compares volatile values by kind or shape, and passed-in values exactly', () => {
    const override = outcomeOverride(new Set(['dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk']));
    const generated = { codeVerifier: 'GjRu3GFgacNLKmtUNwK8SAAg1sbnq5NkkocgqZulFaa', expiresAt: 1735704000 };
    expect(match(generated, { codeVerifier: 'x'.repeat(43), expiresAt: 1 }, { override })).toEqual([]);
    expect(match(generated, { codeVerifier: 'short', expiresAt: '1' }, { override })).toHaveLength(2);
    const passed = { codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk' };
    expect(match(passed, { codeVerifier: 'x'.repeat(43) }, { override })).toHaveLength(1);
    const report = (origin: string, state: string) => ({
      log: [{ event: 'dispatch', name: 'message', data: { code: 'C', state }, origin }],
      remainingChildren: 0,
    });
    expect(match(maskDomReports(report('https://a', 's1')), maskDomReports(report('https://b', 's2')))).toEqual([]);
  });
});

describe('pinned environment (README step 1)', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('pins Date.now, seeds getRandomValues, records timers and restores all of it', async () => {
    const realNow = Date.now;
    const realRandom = globalThis.crypto.getRandomValues;
    const env = pinEnvironment({ caseId: 'a', nowMs: Date.parse('2025-01-01T00:00:00.000Z'), fastForwardMs: 120000 });
    restore = env.restore;
    expect(Date.now()).toBe(1735689600000);
    expect(new Date(Date.now()).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    const first = mulberry32(fnv1a32('a'))() & 0xff;
    expect(crypto.getRandomValues(new Uint8Array(1))[0]).toBe(first);
    let fired = false;
    setTimeout(() => {
      fired = true;
    }, 120000);
    const other = setTimeout(() => undefined, 5000);
    clearTimeout(other);
    await macrotask();
    expect(fired).toBe(true);
    expect(env.timers).toEqual([120000, 5000]);
    env.restore();
    restore = undefined;
    expect(Date.now).toBe(realNow);
    expect(globalThis.crypto.getRandomValues).toBe(realRandom);
    expect(Object.hasOwn(globalThis.crypto, 'getRandomValues')).toBe(false);
  });
});
