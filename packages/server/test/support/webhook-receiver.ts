import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got, and the status it answered. */
export interface Received {
  headers: IncomingHttpHeaders;
  /** the raw body, as signed */
  body: string;
  /** tests reach into the envelope freely */
  envelope: any;
  status: number;
}

/** Decides the status of each answer; `index` counts the requests received so far (from 0). */
export type Responder = (request: Omit<Received, 'status'>, index: number) => number;

/** A real HTTP endpoint on a loopback port that records the webhook deliveries it receives. */
export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** Event ids of the deliveries answered 2xx, in arrival order. */
  deliveredEventIds(): string[];
  respond(responder: Responder): void;
  close(): Promise<void>;
}

/** Starts a receiver answering 200 unless told otherwise. Always `close()` it. */
export async function startWebhookReceiver(responder: Responder = () => 200): Promise<WebhookReceiver> {
  let respond = responder;
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (bytes: Buffer) => chunks.push(bytes));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let envelope: unknown;
      try {
        envelope = JSON.parse(body);
      } catch {
        envelope = undefined;
      }
      const request = { headers: req.headers, body, envelope };
      const status = respond(request, received.length);
      received.push({ ...request, status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    deliveredEventIds: () => received.filter((delivery) => delivery.status < 300).map((delivery) => delivery.envelope.id as string),
    respond(answerWith) {
      respond = answerWith;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Checks a `Vitrine-Signature` header the way a merchant's receiver would: recomputes the HMAC. */
export function signatureMatches(header: string | string[] | undefined, body: string, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
  return match[2] === expected;
}
