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
      const res = await get(current, addresses, signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        current = new URL(res.headers.location, current).href;
        continue;
      }
      if (status !== 200) {
        res.resume();
        return { ok: false, reason: `HTTP ${status}` };
      }
      const contentType = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!contentType.startsWith('image/')) {
        res.resume();
        return { ok: false, reason: `not a picture (${contentType || 'no content type'})` };
      }
      const bytes = await readCapped(res, limits.maxBytes);
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
async function readCapped(res: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const declared = Number(res.headers['content-length']);
  if (declared > max) {
    res.destroy();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    size += (chunk as Buffer).length;
    if (size > max) {
      res.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A failure in words: the time-out, the refused address, or the network error. */
function failure(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'timed out';
  const err = error as NodeJS.ErrnoException & { reason?: string };
  if (err.name === 'WebhookAddressRefused') return `refused: ${err.reason} (IMPORT_FETCH_PRIVATE_ADDRESSES)`;
  return err.code && !err.message.includes(err.code) ? `${err.message} (${err.code})` : err.message;
}
