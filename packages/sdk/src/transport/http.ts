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
 * `Content-Type: application/json` only when there is a body. When the server refuses the token the
 * request carried (401 UNAUTHENTICATED) and the auth strategy has renewed it since or now forgets it,
 * the request is sent once more with the new token: a token the server no longer accepts (its key
 * revoked, its session ended) costs one renewal, not every call until it expires.
 * @throws VitrineError 'System error occurred' when no HTTP answer arrives, its `cause` the fetch's rejection
 */
export async function send(
  transport: Transport,
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<HttpAnswer> {
  const first = await sendOnce(transport, method, url, body, headers);
  if (first.sentAuth && refusesToken(first.answer) && transport.authHeadersRefused?.(first.sentAuth)) {
    return (await sendOnce(transport, method, url, body, headers)).answer;
  }
  return first.answer;
}

/** Whether the answer refuses the request's token: the server's 401 UNAUTHENTICATED (not, say, a login's wrong password). */
function refusesToken(answer: HttpAnswer): boolean {
  const details = (answer.body as { details?: { applicationError?: { code?: unknown } } } | undefined)?.details;
  return answer.status === 401 && details?.applicationError?.code === 'UNAUTHENTICATED';
}

/** One attempt, and the auth headers it carried. */
async function sendOnce(
  transport: Transport,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> | undefined,
): Promise<{ answer: HttpAnswer; sentAuth?: Record<string, string> }> {
  const all: Record<string, string> = {};
  if (body !== undefined) all['Content-Type'] = 'application/json';
  const sentAuth = transport.authHeaders && (await transport.authHeaders());
  Object.assign(all, transport.headers, sentAuth, headers);
  let res: Response;
  try {
    res = await transport.fetch(url, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (cause) {
    throw systemError(undefined, undefined, cause);
  }
  return { answer: await readAnswer(res), sentAuth };
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
