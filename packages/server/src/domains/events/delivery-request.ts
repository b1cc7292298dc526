import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { signatureHeader } from './signature.js';
import { type WebhookAddressPolicy, WebhookAddressRefused } from './webhook-addresses.js';

/**
 * What one POST to a webhook endpoint came to. `final`: the failure cannot pass on a retry (the
 * endpoint's address is refused), so the delivery is given up at once.
 */
export type PostOutcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string; final?: true };

/** Longest error text kept in the delivery log. */
const MAX_ERROR_LENGTH = 500;

/**
 * POSTs an event envelope to a webhook URL, signed with the webhook's secret. Only a 2xx answer
 * counts as delivered; redirects are not followed (the endpoint must be the registered URL). The
 * connection goes only to addresses the policy allows, checked on the answers of the one DNS
 * resolution the connection then uses. Never throws: refusals, network failures and time-outs come
 * back as outcomes.
 */
export async function postEnvelope(
  req: { url: string; secret: string; eventId: string; eventType: string; body: string; at: Date },
  addresses: WebhookAddressPolicy,
  signal: AbortSignal,
): Promise<PostOutcome> {
  const literalRefusal = addresses.refusalOfLiteralHost(req.url);
  if (literalRefusal) return refused(new WebhookAddressRefused(literalRefusal));
  try {
    const statusCode = await post(req, addresses, signal);
    if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode };
    return { ok: false, statusCode, error: `HTTP ${statusCode}` };
  } catch (error) {
    if (error instanceof WebhookAddressRefused) return refused(error);
    return { ok: false, statusCode: null, error: describeFailure(error, signal) };
  }
}

/** Sends the request and answers the status code; the answer's body means nothing to us and is dropped. */
function post(
  req: { url: string; secret: string; eventId: string; eventType: string; body: string; at: Date },
  addresses: WebhookAddressPolicy,
  signal: AbortSignal,
): Promise<number> {
  const request = new URL(req.url).protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      req.url,
      {
        method: 'POST',
        signal,
        lookup: addresses.lookup,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(req.body),
          'user-agent': 'Vitrine-Webhooks/1',
          'vitrine-signature': signatureHeader(req.secret, req.body, req.at),
          'vitrine-event-id': req.eventId,
          'vitrine-event-type': req.eventType,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

function refused(refusal: WebhookAddressRefused): PostOutcome {
  return { ok: false, statusCode: null, error: refusal.message.slice(0, MAX_ERROR_LENGTH), final: true };
}

/** A failure in words for the delivery log: the time-out, or the network error's code. */
function describeFailure(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) {
    const reason = signal.reason as Error | undefined;
    return reason?.name === 'TimeoutError' ? 'timed out' : `aborted: ${reason?.message ?? 'stopped'}`;
  }
  const systemError = error as NodeJS.ErrnoException;
  const code = systemError.code && !systemError.message.includes(systemError.code) ? ` (${systemError.code})` : '';
  return `${systemError.message}${code}`.slice(0, MAX_ERROR_LENGTH);
}
