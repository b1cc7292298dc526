/**
 * The extra checks of `expect.rules` (README "expect" and the deviation rules): `argsUnchanged` (D02),
 * `tokenRequests {count}` (D01/D08), `sameAuthorization {value}` (D01), `silentLoginFrame {src,
 * messages?}` (D09), `pkcePair` (D09), `timerSet {ms}` (D09). An unknown rule fails the case.
 */
import type { Json, Rule } from './corpus.js';
import type { DomReport } from './dom.js';
import { encode } from './encoding.js';
import { formatDiffs, match, show } from './match.js';
import { isChallengeShape, isVerifierShape, s256 } from './pkce.js';
import type { SentRequest } from './replayer.js';

export interface RuleContext {
  /** the case's encoded args, as they were before the call */
  args: Json[];
  /** the decoded args the drive passed (possibly mutated by the SDK) */
  liveArgs: unknown[];
  requests: SentRequest[];
  dom?: DomReport;
  timers: readonly number[];
}

const pathOf = (r: SentRequest): string => {
  try {
    return new URL(r.url).pathname;
  } catch {
    return r.url;
  }
};
const isTokenRequest = (r: SentRequest): boolean => pathOf(r) === '/oauth2/token';

function jsonBody(r: SentRequest): Record<string, unknown> | undefined {
  try {
    const v: unknown = r.bodyText ? JSON.parse(r.bodyText) : undefined;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function authRequestOf(r: SentRequest): Record<string, unknown> | undefined {
  const auth = jsonBody(r)?.auth as { authRequest?: Record<string, unknown> } | undefined;
  return auth?.authRequest;
}

/** The state sent in the last request whose body had `auth.authRequest.state` (`$sentState`). */
export function sentState(requests: SentRequest[]): unknown {
  for (let i = requests.length - 1; i >= 0; i--) {
    const state = authRequestOf(requests[i])?.state;
    if (state !== undefined) return state;
  }
  return undefined;
}

function silentLoginFrame(rule: Rule, dom: DomReport | undefined): string[] {
  if (!dom) return ['no fake DOM report (the case has no drive.dom)'];
  const out: string[] = [];
  const appended = dom.log.filter((e) => e.event === 'appendChild');
  const frames = appended.filter((e) => e.tag === 'IFRAME');
  if (frames.length !== 1 || appended.length !== 1) {
    out.push(`expected exactly one appended element, an IFRAME; appended ${show(appended.map((e) => e.tag))}`);
  }
  for (const f of frames) {
    if (f.src !== rule.src) out.push(`iframe src: expected ${show(rule.src)}, actual ${show(f.src)}`);
    if (f.styleDisplay !== 'none')
      out.push(`iframe must be hidden with display:none when appended, style.display was ${show(f.styleDisplay)}`);
  }
  if (!dom.log.some((e) => e.event === 'addEventListener' && e.name === 'message')) out.push('no "message" listener was added');
  if (dom.remainingChildren !== 0) out.push(`${dom.remainingChildren} element(s) left in document.body (the iframe must be removed)`);
  const left = dom.remainingListeners.message ?? 0;
  if (left > 0) out.push(`${left} "message" listener(s) left registered (the listener must be removed)`);
  if (typeof rule.messages === 'number') {
    const dispatched = dom.log.filter((e) => e.event === 'dispatch').length;
    if (dispatched !== rule.messages) out.push(`expected ${rule.messages} dispatched message(s), actual ${dispatched}`);
  }
  return out;
}

function pkcePair(requests: SentRequest[]): string[] {
  const out: string[] = [];
  const session = requests.find((r) => authRequestOf(r)?.codeChallenge !== undefined);
  const token = requests.find((r) => isTokenRequest(r) && jsonBody(r)?.codeVerifier !== undefined);
  const challenge = session ? authRequestOf(session)?.codeChallenge : undefined;
  const state = session ? authRequestOf(session)?.state : undefined;
  const verifier = token ? jsonBody(token)?.codeVerifier : undefined;
  if (!session) out.push('no request carried auth.authRequest.codeChallenge');
  else if (!isChallengeShape(challenge)) out.push(`codeChallenge is not 43 base64url chars: ${show(challenge)}`);
  if (session && !isChallengeShape(state)) out.push(`state is not 43 base64url chars: ${show(state)}`);
  if (!token) out.push('no token request carried a codeVerifier');
  else if (!isVerifierShape(verifier)) out.push(`codeVerifier is not 43–128 PKCE chars: ${show(verifier)}`);
  if (isVerifierShape(verifier) && typeof challenge === 'string' && s256(verifier) !== challenge) {
    out.push(`S256(codeVerifier) = ${s256(verifier)} does not match the codeChallenge sent ${challenge}`);
  }
  return out;
}

function sameAuthorization(rule: Rule, requests: SentRequest[]): string[] {
  return requests
    .filter((r) => !isTokenRequest(r))
    .filter((r) => r.headers.authorization !== rule.value)
    .map(
      (r) => `request #${r.n} ${r.method} ${r.url}: Authorization expected ${show(rule.value)}, actual ${show(r.headers.authorization)}`,
    );
}

/** The failures of one rule, each line prefixed with the rule's name. */
export function checkRule(rule: Rule, ctx: RuleContext): string[] {
  let out: string[];
  switch (rule.rule) {
    case 'argsUnchanged':
      out = formatDiffs(match(ctx.args, encode(ctx.liveArgs)), 'args');
      break;
    case 'tokenRequests': {
      const n = ctx.requests.filter(isTokenRequest).length;
      out = n === rule.count ? [] : [`expected ${String(rule.count)} token request(s), actual ${n}`];
      break;
    }
    case 'sameAuthorization':
      out = sameAuthorization(rule, ctx.requests);
      break;
    case 'silentLoginFrame':
      out = silentLoginFrame(rule, ctx.dom);
      break;
    case 'pkcePair':
      out = pkcePair(ctx.requests);
      break;
    case 'timerSet':
      out = ctx.timers.includes(Number(rule.ms)) ? [] : [`no setTimeout(…, ${String(rule.ms)}); delays seen: ${show(ctx.timers)}`];
      break;
    default:
      out = [`unknown rule ${show(rule)} (the harness does not implement it)`];
  }
  return out.map((line) => `rule ${rule.rule}: ${line}`);
}
