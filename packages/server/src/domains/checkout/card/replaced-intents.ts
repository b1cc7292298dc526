/**
 * Replaced PaymentIntents are cancelled at Stripe (issue #20), so nobody pays one any more: the ones
 * a newer pay step replaced (the checkout's total changed), and every other one once the checkout is
 * ordered (by card with another intent, or by an offline method). Each is cancelled once (recorded in
 * `canceled_date`; Stripe answers a second cancel with the intent, already `canceled`). A succeeded intent is never cancelled:
 * Stripe refuses it, and it stays as it is for the webhook, which refunds a payment of an intent
 * that did not pay the order (`CardPayments`, CHECKOUT_PAID_OTHERWISE). A cancellation that fails is
 * logged with Stripe's evidence and tried again by the checkout's next one; it never fails the buyer's step.
 */
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../../platform/db/schema.js';
import { DomainError } from '../../../platform/errors.js';
import type { PaymentLog } from './service.js';
import * as store from './store.js';
import { isStripeError, type StripeGateway, stripeErrorEvidence } from './stripe-gateway.js';

export interface ReplacedIntentsDeps {
  db: Kysely<Database>;
  gateway: Pick<StripeGateway, 'cancelIntent'>;
}

/** The intent's status Stripe reported with its refusal to cancel it (`payment_intent_unexpected_state`). */
function refusedState(error: Stripe.errors.StripeError): string | undefined {
  return error.code === 'payment_intent_unexpected_state' ? error.payment_intent?.status : undefined;
}

export class ReplacedIntents {
  constructor(private readonly deps: ReplacedIntentsDeps) {}

  /**
   * Cancels the checkout's open intents but `keep` (the one the buyer pays now, or that paid the
   * order); with `shownBefore`, only those last shown before it (a pay step shown at the same time
   * in another tab is not cancelled by this one).
   */
  async cancelOthers(checkoutId: string, options: { keep?: string; shownBefore?: Date }, log?: PaymentLog): Promise<void> {
    for (const { intent_id: intentId } of await store.findOpenIntents(this.deps.db, checkoutId, options)) {
      if (!(await this.cancel(intentId, checkoutId, log))) return;
    }
  }

  /** Cancels one intent; answers false when card payments are off (nothing can be cancelled now). */
  private async cancel(intentId: string, checkoutId: string, log: PaymentLog | undefined): Promise<boolean> {
    try {
      await this.deps.gateway.cancelIntent(intentId);
      await store.setIntentCanceled(this.deps.db, intentId);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'CARD_PAYMENTS_OFF') {
        log?.warn({ intentId, checkoutId, code: error.code }, 'replaced card payment not cancelled: card payments are off');
        return false;
      }
      if (!isStripeError(error)) throw error;
      const state = refusedState(error);
      if (state === 'canceled') await store.setIntentCanceled(this.deps.db, intentId);
      // succeeded: left for the webhook (refunded as paid otherwise); anything else is a failure worth a look.
      else if (state !== 'succeeded')
        log?.warn({ intentId, checkoutId, ...stripeErrorEvidence(error) }, 'replaced card payment not cancelled');
    }
    return true;
  }
}
