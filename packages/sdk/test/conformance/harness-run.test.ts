/**
 * The conformance harness replaying and judging whole cases, against hand-written fake clients
 * (not the SDK): the fetch replayer, request judging, the fake DOM, steps and templates, and the
 * failure report.
 */
import { describe, expect, it } from 'vitest';
import type { Case, Corpus, Exchange } from './corpus.js';
import { createReplayer } from './replayer.js';
import { checkRequests } from './requests.js';
import { type BuildClient, formatReport, runCase } from './run.js';

const hosts = { api: 'https://www.wixapis.com', readOnly: 'https://readonly.wixapis.com' };
const corpus = {
  format: 'vitrine-conformance-corpus/1',
  environment: { fixedNow: '2025-01-01T00:00:00.000Z', fixedNowEpochSeconds: 1735689600, hosts, clientId: 'client-id-0001' },
  cases: [],
} as Corpus;

function exchange(
  method: string,
  url: string,
  extra: Partial<Exchange['request']> = {},
  response: Exchange['response'] = { status: 200, body: { ok: true } },
): Exchange {
  const u = new URL(url);
  const request = {
    via: 'globalThis.fetch',
    method,
    url,
    origin: u.origin,
    host: u.host,
    path: u.pathname,
    search: u.search,
    query: [...u.searchParams] as [string, string][],
    queryStringLength: u.search.length,
    headers: {},
    ...extra,
  };
  return { request, response };
}

const cartExchange = exchange(
  'GET',
  `${hosts.api}/ecom/v1/carts/current`,
  { headers: { Authorization: 'ACCESS.member' } },
  { status: 200, headers: { 'content-type': 'application/json' }, body: { cart: { id: 'c1' } } },
);

function makeCase(partial: Partial<Case>): Case {
  return {
    id: 'synthetic',
    group: 'test',
    call: 'test',
    args: [],
    exchanges: [],
    drive: { client: { kind: 'no-auth' }, steps: [] },
    expect: {},
    ...partial,
  } as Case;
}

/** A fake client: `currentCart.getCurrentCart()` fetches the cart with the given Authorization. */
const fakeCartClient =
  (authorization: string | undefined): BuildClient =>
  () => {
    const currentCart = {
      async getCurrentCart() {
        const res = await fetch(`${hosts.api}/ecom/v1/carts/current`, {
          headers: authorization === undefined ? {} : { Authorization: authorization },
        });
        return ((await res.json()) as { cart: unknown }).cart;
      },
    };
    return { wix: { currentCart, auth: {} }, auth: {} };
  };

describe('fetch replayer (README step 2)', () => {
  it('answers in order, records requests, rejects network errors and answers 599 when no exchange is left', async () => {
    const r = createReplayer([cartExchange, exchange('POST', `${hosts.api}/x`, {}, { networkError: 'fetch failed' })]);
    const f = r.fetch('globalThis.fetch');
    const res = await f(`${hosts.api}/ecom/v1/carts/current`, { headers: { Authorization: 'A' } });
    expect(await res.json()).toEqual({ cart: { id: 'c1' } });
    await expect(f(`${hosts.api}/x`, { method: 'POST', body: '{"a":1}' })).rejects.toThrow(new TypeError('fetch failed'));
    expect((await f(`${hosts.api}/y`)).status).toBe(599);
    expect(r.requests.map((q) => [q.n, q.method, q.exchange, q.headers.authorization, q.bodyText])).toEqual([
      [1, 'GET', 0, 'A', undefined],
      [2, 'POST', 1, undefined, '{"a":1}'],
      [3, 'GET', -1, undefined, undefined],
    ]);
  });

  it('with replay "match" answers the first unused exchange of the same method and path', async () => {
    const a = exchange('GET', `${hosts.readOnly}/a`, {}, { status: 200, body: 'A' });
    const b = exchange('GET', `${hosts.readOnly}/b`, {}, { status: 200, body: 'B' });
    const f = createReplayer([a, b], 'match').fetch('x');
    expect(await (await f(`${hosts.readOnly}/b`)).json()).toBe('B');
    expect(await (await f(`${hosts.readOnly}/a?q=1`)).json()).toBe('A');
    expect((await f(`${hosts.readOnly}/a`)).status).toBe(599);
  });
});

describe('request judging (README "How a case is judged")', () => {
  const ctx = { hosts, literals: new Set<string>(), clientId: 'client-id-0001' };
  async function judge(e: Exchange, url: string, init: RequestInit = {}, via = 'globalThis.fetch') {
    const r = createReplayer([e]);
    await r.fetch(via)(url, init);
    return checkRequests([e], r.requests, ctx).map((l) => l.replace(/^request #1 .*? vs exchange #1 \S+ \S+: /, ''));
  }

  it('compares the query as a multiset of decoded pairs and .r as JSON', async () => {
    const dotR = Buffer.from(JSON.stringify({ query: { paging: { limit: 1, offset: 0 } } })).toString('base64url');
    const e = exchange('GET', `${hosts.readOnly}/q?id=a%2Fb&.r=${dotR}`);
    e.request.queryDotRDecoded = { query: { paging: { limit: 1, offset: 0 } } };
    const sameR = Buffer.from('{"query":{"paging":{"offset":0,"limit":1}}}').toString('base64url');
    expect(await judge(e, `${hosts.readOnly}/q?.r=${sameR}&id=a/b`)).toEqual([]);
    const lines = await judge(e, `${hosts.api}/q/?id=a&id=a%2Fb&.r=${sameR}`);
    expect(lines.join('\n')).toMatch(/host: expected readOnly .* actual api/);
    expect(lines.join('\n')).toMatch(/path: expected "\/q", actual "\/q\/"/);
    expect(lines.join('\n')).toMatch(/unexpected parameter\(s\) \["id","a"\]/);
  });

  it('compares JSON bodies key-order free, allows D17 clientId and optional keys, and PKCE values by shape', async () => {
    const e = exchange('POST', `${hosts.api}/oauth2/token`, { body: { grantType: 'refresh_token', refreshToken: 'R' } });
    expect(
      await judge(e, e.request.url, {
        method: 'POST',
        body: '{"refreshToken":"R","clientId":"client-id-0001","grantType":"refresh_token"}',
      }),
    ).toEqual([]);
    expect(
      (
        await judge(e, e.request.url, { method: 'POST', body: '{"refreshToken":"R","clientId":"other","grantType":"refresh_token"}' })
      ).join(),
    ).toMatch(/clientId/);
    const pkce = exchange('POST', `${hosts.api}/oauth2/token`, {
      body: { grantType: 'authorization_code', codeVerifier: 'GjRu3GFgacNLKmtUNwK8SAAg1sbnq5NkkocgqZulFaa' },
    });
    pkce.expect = { optionalBodyKeys: { extra: 1 } };
    expect(
      await judge(pkce, pkce.request.url, {
        method: 'POST',
        body: JSON.stringify({ grantType: 'authorization_code', codeVerifier: 'v'.repeat(64), extra: 1 }),
      }),
    ).toEqual([]);
    expect(
      await judge(pkce, pkce.request.url, {
        method: 'POST',
        body: JSON.stringify({ grantType: 'authorization_code', codeVerifier: 'v'.repeat(64), extra: 2 }),
      }),
    ).toHaveLength(1);
  });

  it('tells an absent Authorization header from an empty one and checks expect.headers and via', async () => {
    const e = exchange('GET', `${hosts.api}/ecom/v1/carts/current`);
    e.expect = { headers: { 'X-Custom': 'yes' } };
    expect(await judge(e, e.request.url, { headers: { 'x-custom': 'yes' } })).toEqual([]);
    const lines = await judge(e, e.request.url, { headers: { Authorization: '' } }, 'createClient({fetch})');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Authorization header: expected absent, actual ""/),
        expect.stringMatching(/X-Custom header: expected "yes", actual absent/),
        expect.stringMatching(/via: expected globalThis.fetch, actual createClient/),
      ]),
    );
  });
});

describe('replaying a case (README "Replaying a case")', () => {
  const oauthCase = makeCase({
    id: 'synthetic.cart',
    exchanges: [cartExchange],
    drive: {
      client: { kind: 'no-auth' },
      steps: [{ call: 'wix.currentCart.getCurrentCart', args: '$all', as: 'r' }],
      result: { $var: 'r' },
    },
    outcome: { kind: 'returned', value: { id: 'c1' } },
  });

  it('passes a client that sends the expected request and returns the expected value', async () => {
    const report = await runCase(oauthCase, corpus, fakeCartClient('ACCESS.member'));
    expect(report.failures).toEqual([]);
  });

  it('fails with a report listing request and outcome mismatches', async () => {
    const wrong = {
      ...oauthCase,
      outcome: { kind: 'returned' as const, value: { id: 'c2' } },
      exchanges: [cartExchange, exchange('GET', `${hosts.api}/never`)],
    };
    const report = await runCase(wrong, corpus, fakeCartClient('Bearer x'));
    const text = formatReport(wrong, report);
    expect(text).toContain('Authorization header: expected "ACCESS.member", actual "Bearer x"');
    expect(text).toContain('exchange #2 GET https://www.wixapis.com/never: never requested');
    expect(text).toContain('outcome.id: expected "c2", actual "c1"');
    expect(text).toContain('request #1 GET https://www.wixapis.com/ecom/v1/carts/current (via globalThis.fetch)');
  });

  it('judges thrown errors in contract form (D12) and reports missing functions as harness failures', async () => {
    const threw = makeCase({
      drive: { client: { kind: 'no-auth' }, steps: [{ call: 'wix.fail', args: [] }] },
      outcome: {
        kind: 'threw',
        error: { message: 'Not Found', details: { applicationError: { code: 'NOT_FOUND' } }, status: 404, requestId: null },
      },
    });
    const fail = Object.assign(new Error('Not Found'), { details: { applicationError: { code: 'NOT_FOUND' } }, status: 404 });
    const ok = await runCase(threw, corpus, () => ({ wix: { fail: async () => Promise.reject(fail) }, auth: undefined }));
    expect(ok.failures).toEqual([]);
    const bad = await runCase(threw, corpus, () => ({
      wix: { fail: async () => Promise.reject(Object.assign(new Error('x'), { requestId: 'r1' })) },
      auth: undefined,
    }));
    expect(bad.failures.join('\n')).toMatch(
      /error.message: expected "Not Found", actual "x"[\s\S]*error.status[\s\S]*error.requestId: expected none, actual "r1"/,
    );
    const missing = await runCase(threw, corpus, () => ({ wix: {}, auth: undefined }));
    expect(missing.failures).toEqual(['harness: conformance drive: wix.fail is not a function (it is undefined)']);
  });

  it('runs let, snapshot, chain, parallel, optional and templates, and checks argsUnchanged', async () => {
    const c = makeCase({
      args: [{ _id: 'a' }],
      drive: {
        client: { kind: 'no-auth' },
        steps: [
          { let: 'items', value: [{ n: 1 }] },
          { snapshot: 'items', as: 'before' },
          { call: 'wix.mutate', args: [{ $var: 'items' }] },
          {
            call: 'wix.query',
            args: [],
            chain: [
              ['limit', [2]],
              ['find', []],
            ],
            as: 'q',
          },
          {
            parallel: [
              { call: 'wix.tick', args: [], as: 'p1' },
              { call: 'wix.tick', args: [], as: 'p2' },
            ],
          },
          { call: 'wix.missing', args: [], as: 'm', optional: true },
          { call: 'wix.mutate', args: '$all' },
        ],
        result: {
          before: { $var: 'before' },
          after: { $var: 'items' },
          q: { $var: 'q' },
          p: [{ $var: 'p1' }, { $var: 'p2' }],
          m: { $var: 'm' },
          k: { $keys: 'wix' },
          d: { $date: '2025-01-01T00:00:00.000Z' },
        },
      },
      outcome: {
        kind: 'returned',
        value: {
          before: [{ n: 1 }],
          after: [{ n: 1, touched: true }],
          q: 2,
          p: [1, 1],
          k: { $match: 'superset', value: ['mutate', 'query'] },
          d: { $date: '2025-01-01T00:00:00.000Z' },
        },
      },
      expect: { rules: [{ rule: 'argsUnchanged' }] },
    });
    let ticks = 0;
    const wix = {
      mutate(x: Record<string, unknown>[] | Record<string, unknown>) {
        for (const o of Array.isArray(x) ? x : [x]) o.touched = true;
      },
      query: () => ({ limit: (n: number) => ({ find: async () => n }) }),
      tick: async () => ++ticks - (ticks > 1 ? 1 : 0),
    };
    const report = await runCase(c, corpus, () => ({ wix, auth: undefined }));
    expect(report.failures).toEqual(['rule argsUnchanged: args[0].touched: expected absent, actual true']);
  });
});
