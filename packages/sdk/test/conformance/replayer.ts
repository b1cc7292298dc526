/**
 * The fetch replayer (README "Replaying a case" step 2): records every request (which fetch carried
 * it, method, url, headers, body) and answers the k-th request with the k-th exchange's response, or
 * with `replay: "match"` the first unused exchange of the same method and path. A `networkError`
 * rejects with a `TypeError`; a request with no exchange left gets status 599 (and fails the case).
 */
import type { Exchange, RecordedResponse } from './corpus.js';

export const VIA_GLOBAL = 'globalThis.fetch';
export const VIA_OPTION = 'createClient({fetch})';

export interface SentRequest {
  /** 1-based, in the order fetch was called */
  n: number;
  via: string;
  method: string;
  url: string;
  /** header names lower-cased */
  headers: Record<string, string>;
  /** the body as text (`undefined`: none) */
  bodyText?: string;
  /** index of the exchange that answered it; -1: none left (answered 599) */
  exchange: number;
}

export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface Replayer {
  readonly requests: SentRequest[];
  /** a fetch function whose requests are recorded as carried by `via` */
  fetch(via: string): FetchFn;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

async function bodyText(body: unknown): Promise<string | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return new TextDecoder().decode(body);
  if (ArrayBuffer.isView(body)) return new TextDecoder().decode(body);
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body.text();
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) return new Response(body).text();
  return String(body);
}

async function describe(input: string | URL | Request, init: RequestInit | undefined) {
  const req = typeof Request !== 'undefined' && input instanceof Request ? input : undefined;
  const url = req ? req.url : String(input);
  const method = (init?.method ?? req?.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  new Headers(init?.headers ?? req?.headers).forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const text = init?.body !== undefined ? await bodyText(init.body) : req?.body ? await req.clone().text() : undefined;
  return { url, method, headers, bodyText: text };
}

/** The canned answer of an exchange. */
export function toResponse(r: RecordedResponse): Response {
  if (r.networkError !== undefined) throw new TypeError(r.networkError);
  const status = r.status ?? 200;
  let body: string | null = null;
  if (r.body !== undefined) body = JSON.stringify(r.body);
  else if (r.bodyRaw !== undefined) body = r.bodyRaw;
  if (NULL_BODY_STATUS.has(status)) body = null;
  return new Response(body, { status, statusText: r.statusText ?? '', headers: r.headers ?? {} });
}

function pathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

export function createReplayer(exchanges: Exchange[], mode: 'order' | 'match' = 'order'): Replayer {
  const requests: SentRequest[] = [];
  const used = new Set<number>();

  const pick = (method: string, url: string): number => {
    if (mode === 'order') {
      const k = requests.length;
      return k < exchanges.length ? k : -1;
    }
    const path = pathOf(url);
    return exchanges.findIndex((e, i) => !used.has(i) && e.request.method.toUpperCase() === method && e.request.path === path);
  };

  const fetchVia =
    (via: string): FetchFn =>
    async (input, init) => {
      // index and record synchronously, before any await, so concurrent requests keep their order
      const n = requests.length + 1;
      const req = typeof Request !== 'undefined' && input instanceof Request ? input : undefined;
      const method = (init?.method ?? req?.method ?? 'GET').toUpperCase();
      const slot: SentRequest = { n, via, method, url: req ? req.url : String(input), headers: {}, exchange: -1 };
      const index = pick(slot.method, slot.url);
      requests.push(slot);
      if (index >= 0) used.add(index);
      slot.exchange = index;
      Object.assign(slot, await describe(input, init));
      if (index < 0) {
        return new Response(JSON.stringify({ message: `conformance replayer: no exchange left for request #${n}` }), {
          status: 599,
          statusText: 'No Exchange Left',
          headers: { 'content-type': 'application/json' },
        });
      }
      return toResponse(exchanges[index].response);
    };

  return { requests, fetch: fetchVia };
}
