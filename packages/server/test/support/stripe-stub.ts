/**
 * A stand-in for the few Stripe endpoints the server uses (issue #20: no machine here reaches Stripe),
 * answering as Stripe documents them: form-encoded requests with bracketed keys, JSON answers with
 * Stripe's object and error shapes, idempotency keys (the same key and parameters answer the first
 * result; other parameters are an `idempotency_error`), Bearer secret-key auth. It also serves a
 * stand-in Stripe.js (`/js/v3/`, stripe-js-stand-in.js) whose `confirmPayment` calls the stub's
 * confirm endpoint with the publishable key, as Stripe.js does. Tests only.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

export const STUB_KEYS = { secretKey: 'sk_test_vitrine', publishableKey: 'pk_test_vitrine', webhookSecret: 'whsec_vitrine' };

/** A PaymentIntent as Stripe answers it (the fields the server and the tests read). */
export interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  canceled_at: number | null;
  cancellation_reason: string | null;
  last_payment_error: null | { type: string; code: string; message: string };
  automatic_payment_methods: { enabled: boolean } | null;
  livemode: false;
  created: number;
}

export interface StubRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey?: string;
}

type Params = Record<string, unknown>;

/** Delivers a signed event (`StripeStub.event`) to the server's Stripe webhook, as Stripe posts it. */
export function deliverStripeEvent(serverUrl: string, event: { body: string; signature: string }): Promise<Response> {
  return fetch(`${serverUrl}/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.body,
  });
}

/** `metadata[checkout_id]=x&amount=5` → `{ metadata: { checkout_id: 'x' }, amount: '5' }` (Stripe's form encoding). */
function parseForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [head, ...rest] = key.split('[').map((part) => part.replace(/\]$/, ''));
    let target = out;
    let name = head;
    for (const part of rest) {
      target[name] ??= {};
      target = target[name] as Params;
      name = part;
    }
    target[name] = value;
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}

const missing = (kind: string, value: string) =>
  new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${value}'`, param: 'id' });

/** The statuses Stripe lets an intent be cancelled from. */
const CANCELABLE = new Set<StubIntent['status']>(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing']);

const unexpectedState = (intent: StubIntent, action: string) =>
  new StripeFailure(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
    payment_intent: intent,
  });

export class StripeStub {
  readonly requests: StubRequest[] = [];
  readonly intents = new Map<string, StubIntent>();
  readonly refunds: Record<string, unknown>[] = [];
  /** the next confirmation is declined (card_declined), as Stripe's test card 4000 0000 0000 0002 */
  declineNext = false;
  /** every API call answers 500 `api_error`, as Stripe does when it fails */
  unavailable = false;
  /** cancelling an intent answers 500 `api_error` */
  cancelFails = false;
  private readonly idempotent = new Map<string, { params: string; status: number; answer: unknown }>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly stripeJs: string,
  ) {}

  static async start(): Promise<StripeStub> {
    const stripeJs = await readFile(new URL('./stripe-js-stand-in.js', import.meta.url), 'utf8');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    const stub = new StripeStub(server, `http://127.0.0.1:${port}`, stripeJs);
    server.on('request', (req, res) => void stub.handle(req, res));
    return stub;
  }

  /** The server settings that point the app at this stub. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: STUB_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: STUB_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: STUB_KEYS.webhookSecret,
      STRIPE_API_BASE_URL: this.url,
      STRIPE_JS_URL: `${this.url}/js/v3/`,
    };
  }

  /** The payment succeeds as if the buyer confirmed it (without the browser). */
  succeed(intentId: string, status: 'succeeded' | 'processing' = 'succeeded'): StubIntent {
    const intent = this.intent(intentId);
    intent.status = status;
    intent.amount_received = status === 'succeeded' ? intent.amount : 0;
    intent.last_payment_error = null;
    return intent;
  }

  /** The payment is declined. */
  decline(intentId: string): StubIntent {
    const intent = this.intent(intentId);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    return intent;
  }

  intent(intentId: string): StubIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`stripe stub: no intent ${intentId}`);
    return intent;
  }

  /** A webhook delivery of `type` about the intent, as Stripe sends it: its body and its Stripe-Signature header. */
  event(type: string, intent: StubIntent, secret = STUB_KEYS.webhookSecret): { body: string; signature: string } {
    const body = JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object: intent },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const params = parseForm(Buffer.concat(chunks).toString('utf8'));
    const path = new URL(req.url ?? '/', this.url).pathname;
    const method = req.method ?? 'GET';
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    // Stripe.js calls from the page's origin.
    res.setHeader('access-control-allow-origin', '*');
    if (method === 'GET' && path === '/js/v3/') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(this.stripeJs);
      return;
    }
    this.requests.push({ method, path, params, ...(idempotencyKey ? { idempotencyKey } : {}) });
    try {
      const { status, answer } = this.answer(req, method, path, params, idempotencyKey);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(answer));
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      res.writeHead(error.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.error }));
    }
  }

  private answer(req: IncomingMessage, method: string, path: string, params: Params, idempotencyKey: string | undefined) {
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirm) return { status: 200, answer: this.confirm(confirm[1], params) };
    if (this.unavailable) throw new StripeFailure(500, { type: 'api_error', message: 'An unknown error occurred' });
    const secret = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (secret !== STUB_KEYS.secretKey)
      throw new StripeFailure(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${secret ?? ''}` });
    if (method === 'POST' && idempotencyKey) {
      const earlier = this.idempotent.get(idempotencyKey);
      const sent = JSON.stringify([path, params]);
      if (earlier && earlier.params !== sent)
        throw new StripeFailure(400, {
          type: 'idempotency_error',
          message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        });
      if (earlier) return earlier;
      const first = { status: 200, answer: this.route(method, path, params) };
      this.idempotent.set(idempotencyKey, { params: sent, ...first });
      return first;
    }
    return { status: 200, answer: this.route(method, path, params) };
  }

  private route(method: string, path: string, params: Params): unknown {
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(params);
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(params);
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (cancel && method === 'POST') return this.cancel(cancel[1], params);
    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (one && method === 'GET') {
      const intent = this.intents.get(one[1]);
      if (!intent) throw missing('payment_intent', one[1]);
      return intent;
    }
    if (one && method === 'POST') {
      const intent = this.intents.get(one[1]);
      if (!intent) throw missing('payment_intent', one[1]);
      if (params.amount !== undefined) intent.amount = Number(params.amount);
      if (params.metadata) Object.assign(intent.metadata, params.metadata);
      return intent;
    }
    throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  private createIntent(params: Params): StubIntent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        message: 'Invalid integer',
        param: 'amount',
      });
    const intentId = id('pi');
    const intent: StubIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(params.currency),
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      metadata: (params.metadata as Record<string, string>) ?? {},
      canceled_at: null,
      cancellation_reason: null,
      last_payment_error: null,
      automatic_payment_methods: params.automatic_payment_methods ? { enabled: true } : null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    this.intents.set(intentId, intent);
    return intent;
  }

  /**
   * `POST /v1/payment_intents/:id/cancel`: only an intent still waiting for its payer (or processing)
   * is cancelled; any other answers `payment_intent_unexpected_state` with the intent, as Stripe does.
   */
  private cancel(intentId: string, params: Params): StubIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId);
    if (this.cancelFails) throw new StripeFailure(500, { type: 'api_error', message: 'An unknown error occurred while cancelling' });
    if (!CANCELABLE.has(intent.status)) throw unexpectedState(intent, 'cancel');
    intent.status = 'canceled';
    intent.canceled_at = Math.floor(Date.now() / 1000);
    intent.cancellation_reason = (params.cancellation_reason as string | undefined) ?? null;
    return intent;
  }

  /** What Stripe.js's confirmPayment does: with the publishable key and the client secret. */
  private confirm(intentId: string, params: Params): StubIntent {
    const intent = this.intents.get(intentId);
    if (params.key !== STUB_KEYS.publishableKey || !intent || params.client_secret !== intent.client_secret)
      throw missing('payment_intent', intentId);
    if (intent.status === 'canceled' || intent.status === 'succeeded') throw unexpectedState(intent, 'confirm');
    if (this.declineNext) {
      this.declineNext = false;
      this.decline(intentId);
      throw new StripeFailure(402, {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
        payment_intent: intent,
      });
    }
    return this.succeed(intentId);
  }

  private createRefund(params: Params): Record<string, unknown> {
    const intentId = String(params.payment_intent);
    const intent = this.intents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId);
    if (intent.status !== 'succeeded')
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: 'This PaymentIntent has no successful charge to refund.',
      });
    const refunded = this.refunds
      .filter((given) => given.payment_intent === intentId)
      .reduce((sum, given) => sum + Number(given.amount), 0);
    const amount = params.amount === undefined ? intent.amount - refunded : Number(params.amount);
    if (amount > intent.amount - refunded)
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`,
        param: 'amount',
      });
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.push(refund);
    return refund;
  }
}
