/**
 * The conformance harness's fake DOM (README step 8) and the silent-login rules, driven by a
 * hand-written fake strategy (not the SDK).
 */
import { describe, expect, it } from 'vitest';
import type { Case, Corpus, Exchange } from './corpus.js';
import { s256 } from './pkce.js';
import { runCase } from './run.js';

const api = 'https://www.wixapis.com';
const corpus = {
  format: 'vitrine-conformance-corpus/1',
  environment: {
    fixedNow: '2025-01-01T00:00:00.000Z',
    fixedNowEpochSeconds: 1735689600,
    hosts: { api, readOnly: 'https://readonly.wixapis.com' },
    clientId: 'client-id-0001',
  },
  cases: [],
} as Corpus;
const frameSrc = 'https://www.wix.com/_api/redirects-api/v1/redirect/rs-silent';

function post(path: string, body: Record<string, unknown>, response: Exchange['response']): Exchange {
  return {
    request: {
      via: 'globalThis.fetch',
      method: 'POST',
      url: api + path,
      origin: api,
      host: 'www.wixapis.com',
      path,
      search: '',
      query: [],
      queryStringLength: 0,
      headers: {},
      body: body as never,
    },
    response,
  };
}

const sessionExchange = post(
  '/_api/redirects-api/v1/redirect-session',
  {
    auth: {
      authRequest: { codeChallenge: 'gVnRsCqFno6Dbot0Qqw3VbgbJrH1POxNkwN5Bm-VT0Y', state: '_bUk2QIYmisdQjl_iY18tCKLexExrackoVwnhwU74FA' },
    },
  },
  { status: 200, body: { redirectSession: { fullUrl: frameSrc } } },
);
const tokenExchange = post(
  '/oauth2/token',
  { code: 'CODE.silent', codeVerifier: 'FS0V~unGJ-SM7Zt.5TCHLNPWvCiozmR4mQYu.yBy5y5' },
  { status: 200, body: { access_token: 'A' } },
);

/** A silent login in the spirit of D09, with optional flaws. */
function fakeStrategy(flaws: { checkOrigin?: boolean; removeFrame?: boolean } = {}) {
  const { checkOrigin = true, removeFrame = true } = flaws;
  return {
    async getMemberTokensForDirectLogin() {
      const rand = (n: number) =>
        Buffer.from(crypto.getRandomValues(new Uint8Array(n)))
          .toString('base64url')
          .slice(0, 43);
      const verifier = rand(40);
      const state = rand(40);
      const res = await fetch(`${api}/_api/redirects-api/v1/redirect-session`, {
        method: 'POST',
        body: JSON.stringify({ auth: { authRequest: { codeChallenge: s256(verifier), state } } }),
      });
      const { redirectSession } = (await res.json()) as { redirectSession: { fullUrl: string } };
      const frame = document.createElement('iframe');
      frame.style.display = 'none';
      frame.src = redirectSession.fullUrl;
      const code = await new Promise<string>((resolve, reject) => {
        const timer = globalThis.setTimeout(() => done(() => reject(new Error('OAuth flow timed out'))), 120000);
        const onMessage = (e: MessageEvent) => {
          if (checkOrigin && (e.origin !== api || e.source !== frame.contentWindow)) return;
          if (e.data?.state === state) done(() => resolve(e.data.code));
        };
        const done = (settle: () => void) => {
          clearTimeout(timer);
          window.removeEventListener('message', onMessage);
          if (removeFrame) frame.remove();
          settle();
        };
        window.addEventListener('message', onMessage);
        document.body.appendChild(frame);
      });
      const t = await fetch(`${api}/oauth2/token`, { method: 'POST', body: JSON.stringify({ code, codeVerifier: verifier }) });
      return t.json();
    },
  };
}

function silentCase(partial: Partial<Case> & { messages: unknown[]; fastForwardTimeoutMs?: number }): Case {
  const { messages, fastForwardTimeoutMs, ...rest } = partial;
  return {
    id: 'oauth.getMemberTokensForDirectLogin.success',
    group: 'oauth',
    call: 'auth.getMemberTokensForDirectLogin(s)',
    args: ['SESSION.0001'],
    exchanges: [sessionExchange, tokenExchange],
    drive: {
      client: { kind: 'oauth' },
      steps: [{ call: 'auth.getMemberTokensForDirectLogin', args: '$all', as: 'tokens' }],
      result: { tokens: { $var: 'tokens' }, dom: { $domReport: true } },
      dom: { messages: messages as never, fastForwardTimeoutMs },
    },
    outcome: { kind: 'returned', value: { tokens: { access_token: 'A' }, dom: { $match: 'any' } } },
    expect: { rules: [{ rule: 'silentLoginFrame', src: frameSrc }, { rule: 'pkcePair' }] },
    ...rest,
  } as Case;
}

const messages = [
  { origin: 'https://evil.example', source: 'iframe', data: { code: 'CODE.evil', state: { $sentState: true } } },
  { origin: 'api', source: 'other', data: { code: 'CODE.evil', state: { $sentState: true } } },
  { origin: 'api', source: 'iframe', data: { code: 'CODE.silent', state: { $sentState: true } } },
];

describe('fake DOM and silent-login rules (README step 8, D09)', () => {
  it('dispatches the messages after the frame is appended and passes a careful strategy', async () => {
    const strategy = fakeStrategy();
    const report = await runCase(silentCase({ messages }), corpus, () => ({ wix: { auth: strategy }, auth: strategy }));
    expect(report.failures).toEqual([]);
    const value = report.outcome.kind === 'returned' ? (report.outcome.value as { dom: { log: { event: string }[] } }) : undefined;
    expect(value?.dom.log.map((e) => e.event)).toEqual([
      'createElement',
      'addEventListener',
      'appendChild',
      'dispatch',
      'dispatch',
      'dispatch',
      'removeEventListener',
      'removeChild',
    ]);
    expect('document' in globalThis || 'window' in globalThis).toBe(false);
  });

  it('catches a strategy that trusts any origin and leaves its frame behind', async () => {
    const strategy = fakeStrategy({ checkOrigin: false, removeFrame: false });
    const report = await runCase(silentCase({ messages }), corpus, () => ({ wix: { auth: strategy }, auth: strategy }));
    expect(report.failures).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/vs exchange #2 .*body.code: expected "CODE.silent", actual "CODE.evil"/),
        'rule silentLoginFrame: 1 element(s) left in document.body (the iframe must be removed)',
      ]),
    );
  });

  it('fast-forwards the 120 s timeout and records the timer', async () => {
    const strategy = fakeStrategy();
    const c = silentCase({
      messages: [],
      fastForwardTimeoutMs: 120000,
      exchanges: [sessionExchange],
      outcome: { kind: 'threw', error: { message: 'OAuth flow timed out' } },
      expect: {
        rules: [
          { rule: 'silentLoginFrame', src: frameSrc, messages: 0 },
          { rule: 'timerSet', ms: 120000 },
        ],
      },
    });
    const report = await runCase(c, corpus, () => ({ wix: { auth: strategy }, auth: strategy }));
    expect(report.failures).toEqual([]);
  });
});
