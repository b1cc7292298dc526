import { systemError } from '../errors.js';
import type { Transport } from './context.js';

/** One HTTP answer, body parsed. */
export interface HttpAnswer {
  status: number;
  statusText: string;
  ok: boolean;
  /** parsed JSON; undefined when empty */
  body: unknown;
  /** true when a non-empty body was not JSON */
  unparseable?: boolean;
  requestId?: string;
}

/**
 * Sends one request through the client's fetch: client headers, then auth headers, then `headers`.
 * `Content-Type: application/json` only when there is a body.
 * @throws VitrineError 'System error occurred' when no HTTP answer arrives, its `cause` the fetch's rejection
 */
export async function send(
  transport: Transport,
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<HttpAnswer> {
  const all: Record<string, string> = {};
  if (body !== undefined) all['Content-Type'] = 'application/json';
  Object.assign(all, transport.headers, transport.authHeaders && (await transport.authHeaders()), headers);
  let res: Response;
  try {
    res = await transport.fetch(url, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (cause) {
    throw systemError(undefined, undefined, cause);
  }
  return readAnswer(res);
}

/** The answer of one request: status, request id and the body parsed as JSON. */
export async function readAnswer(res: Response): Promise<HttpAnswer> {
  const requestId = res.headers.get('x-wix-request-id') ?? undefined;
  const text = await res.text().catch(() => '');
  let parsed: unknown;
  let unparseable = false;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      unparseable = true;
    }
  }
  return { status: res.status, statusText: res.statusText, ok: res.ok, body: parsed, unparseable, requestId };
}
