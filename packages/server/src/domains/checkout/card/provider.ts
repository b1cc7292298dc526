/**
 * Card payments through Stripe as a payment provider (issue #20): offered when the merchant turned
 * card on in the shop settings with its Stripe keys; the buyer pays on the pay step (`payStep`) before the order exists, and the order is placed
 * when the payment succeeded (`CardPayments.settle`), so `start` is never what pays a card order.
 */
import type { OfferedCheckout, PaymentOrder, PaymentProvider, PaymentProviderFactory, ProviderRefund } from '../payments.js';
import { cardKeysOf, fixedCardSettings } from './settings.js';
import { StripeGateway } from './stripe-gateway.js';

/** The card provider's id: the hosted page's radio value and the orders' `payment_method`. */
export const CARD = 'card';

class CardPaymentProvider implements PaymentProvider {
  readonly id = CARD;
  readonly title = 'Card';
  readonly online = true;

  /** `enabled`: turned on in the settings, with its keys. */
  constructor(
    private readonly gateway: Pick<StripeGateway, 'refund'>,
    readonly enabled: boolean,
  ) {}

  /** Offered when there is something to charge (Stripe refuses a PaymentIntent of nothing). */
  offers(checkout: OfferedCheckout): boolean {
    return checkout.total === undefined || checkout.total > 0n;
  }

  instructions(order: PaymentOrder): string {
    return order.number
      ? `Paid by card: ${order.formattedTotal}.`
      : 'Enter your card on the next page; the order is placed as soon as the payment succeeds.';
  }

  /** Only reached by a card order placed without its payment, which placement refuses: nothing is paid. */
  async start(): Promise<{ paymentStatus: 'NOT_PAID' }> {
    return { paymentStatus: 'NOT_PAID' };
  }

  payStep(checkoutId: string, options: { session?: string; shownTotals: string }): string {
    const query = new URLSearchParams({ totals: options.shownTotals, ...(options.session ? { session: options.session } : {}) });
    return `/checkout/${encodeURIComponent(checkoutId)}/pay?${query}`;
  }

  /** Refunds through Stripe against the order's PaymentIntent: the refund's id (`re_…`). */
  async refund(request: ProviderRefund): Promise<{ refundId: string }> {
    // Every card order is placed with its PaymentIntent (placement refuses a card order without one).
    if (!request.paymentReference) throw new Error(`order ${request.orderId} was paid by card but names no PaymentIntent to refund`);
    const refund = await this.gateway.refund({
      intentId: request.paymentReference,
      amount: { minor: request.amount, currency: request.currency },
      idempotencyKey: request.idempotencyKey,
      reason: request.reason,
    });
    return { refundId: refund.id };
  }
}

/**
 * The card provider as the settings' card section is now (`PaymentProviderSource`, listed first).
 * Its gateway holds the keys of this reading, so a refund inside the order's transaction reads no settings.
 */
export function cardProviderFactory(apiBaseUrl: string): PaymentProviderFactory {
  return (payments) => {
    const keys = cardKeysOf(payments.card);
    return new CardPaymentProvider(new StripeGateway(fixedCardSettings(keys), apiBaseUrl), payments.card.enabled && keys !== undefined);
  };
}
