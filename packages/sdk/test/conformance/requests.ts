/**
 * Judging the requests sent against the expected exchanges (README "How a case is judged",
 * "Requests"): method, `via`, host KIND, exact path, query (`.r` decoded and compared as JSON, other
 * parameters as a multiset of decoded pairs), JSON body (key order free, undefined = absent, D17
 * `clientId` on refresh_token grants, `expect.optionalBodyKeys`, volatile PKCE values), the
 * `Authorization` header (absent ≠ ""), and the headers listed in `expect.headers`.
 */
import type { Exchange, Json, JsonObject, RecordedRequest } from './corpus.js';
import { formatDiffs, match, show } from './match.js';
import type { SentRequest } from './replayer.js';
import { requestBodyOverride } from './volatile.js';

export interface RequestContext {
  hosts: { api: string; readOnly: string };
  /** string literals of the case (PKCE values passed in are compared exactly) */
  literals: Set<string>;
  /** the client's id (D17: a refresh_token grant may also carry it) */
  clientId?: string;
}

/** Never compared (D18). */
const NEVER_COMPARED = new Set(['x-wix-bi-gateway', 'x-wix-consistent']);

function hostKind(origin: string, hosts: RequestContext['hosts']): string {
  if (origin === hosts.api) return 'api';
  if (origin === hosts.readOnly) return 'readOnly';
  return origin;
}

const headerValue = (headers: Record<string, string>, name: string): string | undefined =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

function decodeDotR(value: string): { json?: Json; error?: string } {
  try {
    return { json: JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Json };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

function compareQuery(expected: RecordedRequest, actual: URL): string[] {
  const out: string[] = [];
  const pairs = (list: [string, string][]) => list.filter(([k]) => k !== '.r').map((p) => JSON.stringify(p));
  const exp = pairs(expected.query);
  const act = pairs([...actual.searchParams].map(([k, v]) => [k, v] as [string, string]));
  const remaining = [...act];
  const missing = exp.filter((p) => {
    const i = remaining.indexOf(p);
    if (i < 0) return true;
    remaining.splice(i, 1);
    return false;
  });
  if (missing.length) out.push(`query: missing parameter(s) ${missing.join(', ')} (actual search ${show(actual.search)})`);
  if (remaining.length) out.push(`query: unexpected parameter(s) ${remaining.join(', ')}`);
  const expR = expected.query.find(([k]) => k === '.r');
  const actR = actual.searchParams.getAll('.r');
  if (!expR && actR.length) out.push(`query: unexpected .r parameter ${show(decodeDotR(actR[0]).json ?? actR[0])}`);
  if (expR && actR.length !== 1) out.push(`query: expected one .r parameter ${show(expected.queryDotRDecoded)}, actual ${actR.length}`);
  if (expR && actR.length === 1) {
    const want = expected.queryDotRDecoded ?? decodeDotR(expR[1]).json;
    const got = decodeDotR(actR[0]);
    if (got.error) out.push(`query: .r is not base64url JSON (${got.error}): ${show(actR[0])}`);
    else out.push(...formatDiffs(match(want, got.json), 'query[".r"]'));
  }
  return out;
}

function compareBody(e: Exchange, sent: SentRequest, ctx: RequestContext): string[] {
  const want = e.request;
  const text = sent.bodyText;
  if (want.body === undefined && want.bodyRaw === undefined) {
    return text === undefined || text === '' ? [] : [`body: expected none, actual ${show(text)}`];
  }
  if (want.body === undefined) {
    return text === (want.bodyRaw ?? undefined) ? [] : [`body: expected raw ${show(want.bodyRaw)}, actual ${show(text)}`];
  }
  if (text === undefined) return [`body: expected ${show(want.body)}, actual none`];
  let got: Json;
  try {
    got = JSON.parse(text) as Json;
  } catch {
    return [`body: expected JSON ${show(want.body)}, actual non-JSON text ${show(text)}`];
  }
  return formatDiffs(match(withOptionalKeys(e, got, ctx), got, { override: requestBodyOverride(ctx.literals) }), 'body');
}

/** The expected body plus the optional keys the actual body carries (`optionalBodyKeys`, D17). */
function withOptionalKeys(e: Exchange, got: Json, ctx: RequestContext): Json {
  const body = e.request.body as Json;
  if (!body || typeof body !== 'object' || Array.isArray(body) || !got || typeof got !== 'object' || Array.isArray(got)) return body;
  const optional: JsonObject = {};
  if (body.grantType === 'refresh_token' && ctx.clientId !== undefined) optional.clientId = ctx.clientId;
  Object.assign(optional, e.expect?.optionalBodyKeys);
  const out: JsonObject = { ...body };
  for (const [k, v] of Object.entries(optional)) if (!(k in body) && k in got) out[k] = v;
  return out;
}

function compareHeaders(e: Exchange, sent: SentRequest): string[] {
  const out: string[] = [];
  const wantAuth = headerValue(e.request.headers, 'authorization');
  const gotAuth = sent.headers.authorization;
  if (wantAuth !== gotAuth) out.push(`Authorization header: expected ${show(wantAuth)}, actual ${show(gotAuth)}`);
  for (const [name, value] of Object.entries(e.expect?.headers ?? {})) {
    if (NEVER_COMPARED.has(name.toLowerCase())) continue;
    const got = sent.headers[name.toLowerCase()];
    if (got !== value) out.push(`${name} header: expected ${show(value)}, actual ${show(got)}`);
  }
  return out;
}

/** The differences between one request and the exchange that answered it. */
export function compareRequest(e: Exchange, sent: SentRequest, ctx: RequestContext): string[] {
  const want = e.request;
  const out: string[] = [];
  if (sent.method !== want.method.toUpperCase()) out.push(`method: expected ${want.method}, actual ${sent.method}`);
  if (sent.via !== want.via) out.push(`via: expected ${want.via}, actual ${sent.via}`);
  let url: URL;
  try {
    url = new URL(sent.url);
  } catch {
    return [...out, `url: not an absolute URL: ${show(sent.url)}`];
  }
  const wantKind = hostKind(want.origin, ctx.hosts);
  const gotKind = hostKind(url.origin, ctx.hosts);
  if (wantKind !== gotKind) out.push(`host: expected ${wantKind} (${want.origin}), actual ${gotKind} (${url.origin})`);
  if (url.pathname !== want.path) out.push(`path: expected ${show(want.path)}, actual ${show(url.pathname)}`);
  out.push(...compareQuery(want, url), ...compareBody(e, sent, ctx), ...compareHeaders(e, sent));
  return out;
}

const describeSent = (r: SentRequest): string => `request #${r.n} ${r.method} ${r.url} (via ${r.via})`;
const describeExchange = (e: Exchange, i: number): string => `exchange #${i + 1} ${e.request.method} ${e.request.origin}${e.request.path}`;

/** Every request-side failure of a case, one line each. */
export function checkRequests(exchanges: Exchange[], sent: SentRequest[], ctx: RequestContext): string[] {
  const out: string[] = [];
  for (const r of sent) {
    if (r.exchange < 0) {
      out.push(`${describeSent(r)}: unexpected request, no exchange left (answered 599)`);
      continue;
    }
    const e = exchanges[r.exchange];
    for (const d of compareRequest(e, r, ctx)) out.push(`${describeSent(r)} vs ${describeExchange(e, r.exchange)}: ${d}`);
  }
  const answered = new Set(sent.map((r) => r.exchange));
  exchanges.forEach((e, i) => {
    if (!answered.has(i)) out.push(`${describeExchange(e, i)}: never requested`);
  });
  return out;
}

/** One line per request sent, for the failure report. */
export const listSent = (sent: SentRequest[]): string[] =>
  sent.map((r) => `${describeSent(r)} authorization=${show(r.headers.authorization)}${r.bodyText ? ` body=${show(r.bodyText, 300)}` : ''}`);
