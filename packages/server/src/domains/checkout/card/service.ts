/**
 * Card payments (issue #20): a Stripe PaymentIntent per checkout and totals, and the order placed when
 * Stripe says the payment succeeded, whichever comes first: the buyer's return from Stripe
 * (`settleReturn`) or Stripe's webhook (`receive`). Placement is idempotent per checkout and events
 * are recorded once handled, so a replayed or late event changes nothing twice. Money taken for an
 * order that cannot be placed (stock ran out, the checkout was ordered otherwise) is refunded at once.
 */
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../../platform/db/schema.js';
import { DomainError, ValidationFailure } from '../../../platform/errors.js';
import { type CheckoutPageQuote, pageQuoteOf } from '../hosted-checkout.js';
import type { OrderActions } from '../order-actions.js';
import { SYSTEM } from '../order-activity.js';
import type { OrderPlacement } from '../placement.js';
import type { WireOrder } from '../schemas.js';
import { totalsFingerprint } from '../totals-fingerprint.js';
import { CardPaymentErrors } from './errors.js';
import { CARD } from './provider.js';
import { ReplacedIntents } from './replaced-intents.js';
import * as store from './store.js';
import { fromStripeAmount } from './stripe-amounts.js';
import type { StripeGateway } from './stripe-gateway.js';

/** What became of a payment. */
export type Settlement =
  | { outcome: 'placed'; order: WireOrder }
  /** the payment did not go through (declined…): the buyer may pay again */
  | { outcome: 'failed'; message: string }
  /** the order could not be placed after the money was taken: it was refunded in full */
  | { outcome: 'refunded'; amount: bigint; currency: string; cause: DomainError | ValidationFailure }
  /** nothing to do yet (the buyer still has to act, or the intent is not one of ours) */
  | { outcome: 'waiting' };

/** What the pay page needs. */
export interface PayStep {
  publishableKey: string;
  clientSecret: string;
  /** the checkout's quote the intent was made for (the page's summary) */
  quote: CheckoutPageQuote;
  /** why the last attempt on this intent failed, when Stripe told us (webhook) */
  failure?: string;
}

export interface CardPaymentDeps {
  db: Kysely<Database>;
  gateway: Pick<StripeGateway, 'keys' | 'createIntent' | 'retrieveIntent' | 'refund' | 'verifiedEvent' | 'cancelIntent'>;
  placement: Pick<OrderPlacement, 'place' | 'check'>;
  /** a PENDING order whose payment succeeded becomes PAID the way the merchant's "mark as paid" makes it */
  orders: Pick<OrderActions, 'markAsPaid'>;
}

/** Where card payments report what the buyer does not see (the request's logger: its lines carry the request id). */
export interface PaymentLog {
  warn(obj: unknown, msg: string): void;
}

/** The events that settle a payment; others are acknowledged and ignored. */
const SETTLING_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.processing', 'payment_intent.payment_failed']);

export class CardPayments {
  private readonly replaced: ReplacedIntents;

  constructor(private readonly deps: CardPaymentDeps) {
    this.replaced = new ReplacedIntents(deps);
  }

  /**
   * The PaymentIntent of the checkout at the totals the buyer saw: made once per checkout and
   * totals (the idempotency key is both), so a reload answers the same one and a changed total a new
   * one, which replaces (cancels) the ones shown before it. Totals shown again after their intent was
   * cancelled get a new intent: a cancelled one cannot be paid.
   * @throws DomainError CARD_PAYMENTS_OFF, and what `OrderPlacement.check` throws (TOTALS_CHANGED…)
   */
  async payStep(checkoutId: string, shownTotals: string, log?: PaymentLog): Promise<PayStep> {
    const keys = await this.deps.gateway.keys();
    const quote = await this.deps.placement.check(checkoutId, CARD, { shownTotals });
    const fingerprint = totalsFingerprint(quote.totals);
    const request = { checkoutId, fingerprint, amount: quote.totals.summary.total, currency: quote.totals.currency };
    const key = `vitrine-checkout-${checkoutId}-${fingerprint}`;
    let intent = await this.deps.gateway.createIntent({ ...request, idempotencyKey: key });
    // Each cancelled answer keys the next request: a new intent, which this server has not cancelled.
    while ((await store.findIntent(this.deps.db, intent.id))?.canceled_date) {
      intent = await this.deps.gateway.createIntent({ ...request, idempotencyKey: `${key}-after-${intent.id}` });
    }
    await store.insertIntent(this.deps.db, { intent_id: intent.id, checkout_id: checkoutId, totals_fingerprint: fingerprint });
    const known = await store.findIntent(this.deps.db, intent.id);
    await this.replaced.cancelOthers(checkoutId, { keep: intent.id, shownBefore: known?.shown_date }, log);
    return {
      publishableKey: keys.publishableKey,
      clientSecret: intent.client_secret as string,
      quote: pageQuoteOf(quote),
      failure: known?.failure ?? undefined,
    };
  }

  /** The checkout was ordered with an offline method: none of its intents may be paid any more. */
  async orderedOtherwise(checkoutId: string, log?: PaymentLog): Promise<void> {
    await this.replaced.cancelOthers(checkoutId, {}, log);
  }

  /**
   * The buyer is back from Stripe with the intent's id: its state, read from Stripe, settles it. Also
   * answers the fingerprint of the totals the intent was made for (its pay step, to try again).
   * @throws DomainError PAYMENT_NOT_FOR_CHECKOUT (an intent this server did not make for this checkout)
   */
  async settleReturn(checkoutId: string, intentId: string, log?: PaymentLog): Promise<{ settlement: Settlement; fingerprint: string }> {
    const known = await store.findIntent(this.deps.db, intentId);
    if (known?.checkout_id !== checkoutId) throw new DomainError(CardPaymentErrors.PAYMENT_NOT_FOR_CHECKOUT, { checkoutId });
    const settlement = await this.settle(await this.deps.gateway.retrieveIntent(intentId), log);
    return { settlement, fingerprint: known.totals_fingerprint };
  }

  /**
   * A webhook delivery: verified, then handled once (an event already recorded changes nothing).
   * @throws DomainError STRIPE_SIGNATURE_INVALID, CARD_PAYMENTS_OFF
   */
  async receive(body: Buffer, signature: string, log?: PaymentLog): Promise<{ duplicate: boolean }> {
    const event = await this.deps.gateway.verifiedEvent(body, signature);
    if (await store.eventRecorded(this.deps.db, event.id)) return { duplicate: true };
    if (SETTLING_EVENTS.has(event.type)) await this.settle(event.data.object as Stripe.PaymentIntent, log);
    // Recorded once handled: an event whose handling failed is handled again when Stripe retries it.
    return { duplicate: !(await store.recordEvent(this.deps.db, event.id, event.type)) };
  }

  /** Places the order of a succeeded (PAID) or processing (PENDING) payment, or records why it failed. */
  private async settle(intent: Stripe.PaymentIntent, log: PaymentLog | undefined): Promise<Settlement> {
    const known = await store.findIntent(this.deps.db, intent.id);
    if (!known) return { outcome: 'waiting' };
    if (intent.status === 'succeeded' || intent.status === 'processing') {
      const settlement = await this.place(intent, known, log);
      // The order is paid by this intent: no other of its checkout may be paid.
      if (settlement.outcome === 'placed') await this.replaced.cancelOthers(known.checkout_id, { keep: intent.id }, log);
      return settlement;
    }
    if (intent.status === 'requires_payment_method') {
      const message = intent.last_payment_error?.message ?? 'The payment did not go through.';
      // A late failure of an earlier attempt says nothing about an order already paid.
      if (!(await store.findOrderByPayment(this.deps.db, intent.id))) await store.setIntentFailure(this.deps.db, intent.id, message);
      return { outcome: 'failed', message };
    }
    return { outcome: 'waiting' };
  }

  private async place(
    intent: Stripe.PaymentIntent,
    known: { checkout_id: string; totals_fingerprint: string },
    log: PaymentLog | undefined,
  ): Promise<Settlement> {
    const status = intent.status === 'succeeded' ? 'PAID' : 'PENDING';
    try {
      const { order, created } = await this.deps.placement.place(known.checkout_id, CARD, {
        shownTotals: known.totals_fingerprint,
        payment: { status, reference: intent.id },
      });
      if (created) return { outcome: 'placed', order };
      if (await store.findOrderByPayment(this.deps.db, intent.id)) {
        // Placed by the other path (return or webhook); a processing payment that succeeded since makes its order PAID.
        return { outcome: 'placed', order: status === 'PAID' ? await this.paid(order, intent.id) : order };
      }
      // The checkout's order was placed with another payment: this one goes back.
      return this.refundWhole(intent, new DomainError(CardPaymentErrors.CHECKOUT_PAID_OTHERWISE, { orderId: order.id }), log);
    } catch (error) {
      if (error instanceof DomainError || error instanceof ValidationFailure) return this.refundWhole(intent, error, log);
      throw error;
    }
  }

  /**
   * The order of a payment that succeeded after it was placed PENDING: PAID through the merchant's
   * path (order.updated, the PAID timeline entry by the system, the "payment received" mail). A
   * replayed or reordered event finds it paid already and changes nothing.
   * @throws DomainError ORDER_CANCELED (the merchant cancelled it meanwhile: `place` refunds the payment in full)
   */
  private async paid(order: WireOrder, intentId: string): Promise<WireOrder> {
    try {
      return await this.deps.orders.markAsPaid(order.id, SYSTEM, { reference: intentId });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'ORDER_ALREADY_PAID') return order;
      throw error;
    }
  }

  private async refundWhole(
    intent: Stripe.PaymentIntent,
    cause: DomainError | ValidationFailure,
    log: PaymentLog | undefined,
  ): Promise<Settlement> {
    await this.deps.gateway.refund({ intentId: intent.id, idempotencyKey: `vitrine-unplaced-${intent.id}`, reason: cause.message });
    log?.warn(
      { intentId: intent.id, code: cause instanceof DomainError ? cause.code : 'VALIDATION' },
      'card payment refunded: order not placed',
    );
    const currency = intent.currency.toUpperCase();
    return { outcome: 'refunded', amount: fromStripeAmount(intent.amount, currency), currency, cause };
  }
}
