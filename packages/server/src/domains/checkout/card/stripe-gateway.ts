/**
 * The server's calls to Stripe, through the official `stripe` package: PaymentIntents, refunds and
 * the webhook's signature. The keys come from the settings port on every call (they may change);
 * the API's address from `STRIPE_API_BASE_URL` (tests point it at a local stand-in).
 * `stripe` is loaded at the first call (about 4 MiB of heap and 15 MiB resident that a shop without
 * card payments never needs, issue #23); only its types are imported statically.
 */
import type Stripe from 'stripe';
import { DomainError } from '../../../platform/errors.js';
import { CardPaymentErrors } from './errors.js';
import type { CardPaymentKeys, CardPaymentSettings } from './settings.js';
import { toStripeAmount } from './stripe-amounts.js';

/** What the card provider knows of the PaymentIntent made for a checkout. */
export interface IntentRequest {
  checkoutId: string;
  /** the totals fingerprint the amount was taken from */
  fingerprint: string;
  /** in minor units of `currency` (Stripe's "smallest currency unit") */
  amount: bigint;
  currency: string;
  /** sent once per key: a repeated request answers the intent the first one made */
  idempotencyKey: string;
}

/** The `stripe` package once a call has loaded it: no error can be Stripe's before that. */
let loaded: typeof Stripe | undefined;

async function stripeClass(): Promise<typeof Stripe> {
  loaded ??= (await import('stripe')).default;
  return loaded;
}

/** Whether `error` is an error of a Stripe call (or of the webhook's signature check). */
export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return loaded !== undefined && error instanceof loaded.errors.StripeError;
}

export class StripeGateway {
  /** the client of the last secret key seen (one account at a time) */
  private client: { secretKey: string; stripe: Stripe } | undefined;

  constructor(
    private readonly settings: CardPaymentSettings,
    private readonly apiBaseUrl: string,
  ) {}

  /** The account's keys. @throws DomainError CARD_PAYMENTS_OFF */
  async keys(): Promise<CardPaymentKeys> {
    const keys = await this.settings.current();
    if (!keys) throw new DomainError(CardPaymentErrors.CARD_PAYMENTS_OFF);
    return keys;
  }

  private async stripe(): Promise<Stripe> {
    const { secretKey } = await this.keys();
    if (this.client?.secretKey !== secretKey) {
      const api = new URL(this.apiBaseUrl);
      const protocol = api.protocol === 'http:' ? 'http' : 'https';
      const StripeClient = await stripeClass();
      const stripe = new StripeClient(secretKey, {
        host: api.hostname,
        port: api.port || (protocol === 'http' ? 80 : 443),
        protocol,
        telemetry: false,
        maxNetworkRetries: 2,
      });
      this.client = { secretKey, stripe };
    }
    return this.client.stripe;
  }

  /** Makes (or, for a key already used, answers) the PaymentIntent of a checkout's totals. */
  async createIntent(request: IntentRequest): Promise<Stripe.PaymentIntent> {
    const stripe = await this.stripe();
    return stripe.paymentIntents.create(
      {
        amount: toStripeAmount(request.amount, request.currency),
        currency: request.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        metadata: { checkout_id: request.checkoutId, totals_fingerprint: request.fingerprint },
      },
      { idempotencyKey: request.idempotencyKey },
    );
  }

  /**
   * Cancels a PaymentIntent nobody may pay any more (replaced, or its checkout ordered otherwise).
   * Idempotent by nature (a second cancel is refused with the intent, `canceled`), so no key of ours:
   * Stripe keeps a key's first answer, a failure included, for a day, which would make a retry fail too.
   */
  async cancelIntent(id: string): Promise<Stripe.PaymentIntent> {
    return (await this.stripe()).paymentIntents.cancel(id, { cancellation_reason: 'duplicate' });
  }

  async retrieveIntent(id: string): Promise<Stripe.PaymentIntent> {
    return (await this.stripe()).paymentIntents.retrieve(id);
  }

  /** Refunds `amount` (minor units of `currency`; the whole payment when absent) of a PaymentIntent, once per idempotency key. */
  async refund(request: {
    intentId: string;
    amount?: { minor: bigint; currency: string };
    idempotencyKey: string;
    reason?: string;
  }): Promise<Stripe.Refund> {
    const stripe = await this.stripe();
    return stripe.refunds.create(
      {
        payment_intent: request.intentId,
        ...(request.amount !== undefined ? { amount: toStripeAmount(request.amount.minor, request.amount.currency) } : {}),
        reason: 'requested_by_customer',
        ...(request.reason ? { metadata: { reason: request.reason.slice(0, 500) } } : {}),
      },
      { idempotencyKey: request.idempotencyKey },
    );
  }

  /**
   * The webhook event in `body`, when `signature` (the Stripe-Signature header) signs it with the endpoint's secret.
   * @throws DomainError STRIPE_SIGNATURE_INVALID, CARD_PAYMENTS_OFF
   */
  async verifiedEvent(body: Buffer, signature: string): Promise<Stripe.Event> {
    const { webhookSecret } = await this.keys();
    const Stripe = await stripeClass();
    try {
      return Stripe.webhooks.constructEvent(body, signature, webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError)
        throw new DomainError(CardPaymentErrors.STRIPE_SIGNATURE_INVALID, { reason: error.message });
      throw error;
    }
  }
}

/** What a failed Stripe call leaves for the log: Stripe's own words and ids, nothing of our request (its key). */
export function stripeErrorEvidence(error: Stripe.errors.StripeError) {
  return {
    stripeType: error.type,
    stripeCode: error.code,
    stripeStatus: error.statusCode,
    stripeRequestId: error.requestId,
    reason: error.message,
  };
}
