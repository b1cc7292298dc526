import { signatureHeader } from './signature.js';

/** What one POST to a webhook endpoint came to. */
export type PostOutcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

/** Longest error text kept in the delivery log. */
const MAX_ERROR_LENGTH = 500;

/**
 * POSTs an event envelope to a webhook URL, signed with the webhook's secret. Only a 2xx answer
 * counts as delivered; redirects are not followed (the endpoint must be the registered URL).
 * Never throws: network failures and time-outs come back as outcomes.
 */
export async function postEnvelope(
  req: { url: string; secret: string; eventId: string; eventType: string; body: string; at: Date },
  signal: AbortSignal,
): Promise<PostOutcome> {
  try {
    const res = await fetch(req.url, {
      method: 'POST',
      redirect: 'manual',
      signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Vitrine-Webhooks/1',
        'vitrine-signature': signatureHeader(req.secret, req.body, req.at),
        'vitrine-event-id': req.eventId,
        'vitrine-event-type': req.eventType,
      },
      body: req.body,
    });
    // The answer's body means nothing to us; release the connection without reading it.
    await res.body?.cancel().catch(() => {});
    if (res.status >= 200 && res.status < 300) return { ok: true, statusCode: res.status };
    return { ok: false, statusCode: res.status, error: `HTTP ${res.status}` };
  } catch (e) {
    return { ok: false, statusCode: null, error: describeFailure(e, signal) };
  }
}

/** A failure in words for the delivery log: the time-out, or the network error's cause. */
function describeFailure(e: unknown, signal: AbortSignal): string {
  if (signal.aborted) {
    const reason = signal.reason as Error | undefined;
    return reason?.name === 'TimeoutError' ? 'timed out' : `aborted: ${reason?.message ?? 'stopped'}`;
  }
  const err = e as Error & { cause?: { code?: string; message?: string } };
  const cause = err.cause?.code ?? err.cause?.message;
  return `${err.message}${cause ? ` (${cause})` : ''}`.slice(0, MAX_ERROR_LENGTH);
}
