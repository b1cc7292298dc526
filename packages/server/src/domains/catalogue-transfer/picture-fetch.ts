/**
 * Fetches the pictures an imported file names by URL, bounded: http(s) only, connections only to
 * addresses the policy allows (checked on the one DNS answer the connection uses, as webhook
 * deliveries are: `WebhookAddressPolicy`), a time-out per picture, a size cap (the upload's), at
 * most three redirects, each checked again. Never throws: a picture that cannot be had comes back
 * with the reason, which the import reports on its line.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { WebhookAddressPolicy } from '../events/webhook-addresses.js';

export interface PictureFetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export type FetchedPicture = { ok: true; bytes: Buffer; contentType: string } | { ok: false; reason: string };

const MAX_REDIRECTS = 3;

/** The picture at `url`, or why it could not be fetched. */
export async function fetchPicture(url: string, addresses: WebhookAddressPolicy, limits: PictureFetchLimits): Promise<FetchedPicture> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let current = url;
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const protocol = new URL(current).protocol;
      if (protocol !== 'http:' && protocol !== 'https:') return { ok: false, reason: 'not an http(s) URL' };
      const refusal = addresses.refusalOfLiteralHost(current);
      if (refusal) return { ok: false, reason: `refused: ${refusal} (IMPORT_FETCH_PRIVATE_ADDRESSES)` };
      const response = await get(current, addresses, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        current = new URL(response.headers.location, current).href;
        continue;
      }
      if (status !== 200) {
        response.resume();
        return { ok: false, reason: `HTTP ${status}` };
      }
      const contentType = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!contentType.startsWith('image/')) {
        response.resume();
        return { ok: false, reason: `not a picture (${contentType || 'no content type'})` };
      }
      const bytes = await readCapped(response, limits.maxBytes);
      if (!bytes) return { ok: false, reason: `larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB` };
      return { ok: true, bytes, contentType };
    }
    return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects` };
  } catch (error) {
    return { ok: false, reason: failure(error, signal) };
  }
}

function get(url: string, addresses: WebhookAddressPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  const request = new URL(url).protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'GET', signal, lookup: addresses.lookup, headers: { 'user-agent': 'Vitrine-Import/1', accept: 'image/*' } },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The body, or undefined as soon as it passes `max` bytes (the rest is not read). */
async function readCapped(response: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const declared = Number(response.headers['content-length']);
  if (declared > max) {
    response.destroy();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > max) {
      response.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A failure in words: the time-out, the refused address, or the network error. */
function failure(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'timed out';
  const systemError = error as NodeJS.ErrnoException & { reason?: string };
  if (systemError.name === 'WebhookAddressRefused') return `refused: ${systemError.reason} (IMPORT_FETCH_PRIVATE_ADDRESSES)`;
  return systemError.code && !systemError.message.includes(systemError.code)
    ? `${systemError.message} (${systemError.code})`
    : systemError.message;
}
