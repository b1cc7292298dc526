/**
 * How a placed order is paid. The hosted checkout offers every provider that `offers` the checkout;
 * placement calls `start` inside the placing transaction to learn the order's first payment status.
 * Online providers (card processors) would redirect from `start`; the built-in ones are offline: the
 * buyer pays by bank transfer or at pickup, and the merchant marks the order paid later.
 */

/** What a provider sees of the order being placed. */
export interface PaymentOrder {
  /** undefined before the order is placed (the checkout page): numbers are given at placement, never reserved */
  number?: string;
  /** decimal string in `currency` */
  total: string;
  formattedTotal: string;
  currency: string;
  /** the selected shipping option is a pickup (store or pickup point) */
  pickup: boolean;
}

/** What a provider sees of a checkout when the page lists the ways to pay. */
export interface OfferedCheckout {
  /** the selected shipping option is a pickup (store or pickup point) */
  pickup: boolean;
  /** the total to pay in minor units, when known (card payments need something to charge) */
  total?: bigint;
}

/** A way to pay, shown on the hosted checkout page and in the confirmation e-mail. */
export interface PaymentProvider {
  /** stored on the order (`payment_method`) and posted by the page's radio button */
  readonly id: string;
  readonly title: string;
  /** Whether the buyer may choose it for this checkout. */
  offers(checkout: OfferedCheckout): boolean;
  /** What the buyer must do (shown after placement and mailed), with the order's number and total filled in. */
  instructions(order: PaymentOrder): string;
  /** Starts the payment of a placed order: its first payment status. */
  start(order: PaymentOrder): Promise<{ paymentStatus: 'NOT_PAID' | 'PENDING' | 'PAID' }>;
  /**
   * Where the hosted checkout sends the buyer to pay before the order is placed (card: Stripe's
   * Payment Element); absent for offline methods, whose order is placed at once.
   */
  payStep?(checkoutId: string, o: { session?: string; shownTotals: string }): string;
  /**
   * Pays money back to the payer (online providers); answers the provider's refund id. Offline
   * providers have none: their refunds are recorded only (the merchant pays back by hand).
   */
  refund?(request: ProviderRefund): Promise<{ refundId: string }>;
}

/** What a provider is asked to pay back (issue #20): part or all of a placed order's payment. */
export interface ProviderRefund {
  /** the order whose payment is refunded */
  orderId: string;
  /** the order's `payment_reference`: the provider's id of the payment (a Stripe PaymentIntent `pi_…`); null when it has none */
  paymentReference: string | null;
  /** in minor units of `currency`; at most what is left of the payment */
  amount: bigint;
  currency: string;
  /** one per refund: a retried request refunds once */
  idempotencyKey: string;
  /** the merchant's reason, kept with the refund at the provider */
  reason?: string;
}

/** The bank-transfer text when the merchant set none (`PAYMENT_BANK_TRANSFER_INSTRUCTIONS`). */
export const DEFAULT_BANK_TRANSFER_INSTRUCTIONS =
  'Please transfer {total} to the shop’s bank account and write the order number {number} as the reference. We ship once the payment arrives.';

/** What stands for the order number before there is one. */
const NUMBER_TO_COME = '(shown as soon as you place the order)';

/** Fills `{number}` and `{total}` (the formatted amount) in a merchant's text. */
function fill(template: string, order: PaymentOrder): string {
  return template.replaceAll('{number}', order.number ?? NUMBER_TO_COME).replaceAll('{total}', order.formattedTotal);
}

/** Bank transfer: always offered; the order waits for the money (NOT_PAID). */
export class BankTransferProvider implements PaymentProvider {
  readonly id = 'bank-transfer';
  readonly title = 'Bank transfer';

  constructor(private readonly template: string = DEFAULT_BANK_TRANSFER_INSTRUCTIONS) {}

  offers(): boolean {
    return true;
  }

  instructions(order: PaymentOrder): string {
    return fill(this.template, order);
  }

  async start(): Promise<{ paymentStatus: 'NOT_PAID' }> {
    return { paymentStatus: 'NOT_PAID' };
  }
}

/** Pay on pickup: offered only when the buyer collects the order (a PICKUP shipping option). */
export class PayOnPickupProvider implements PaymentProvider {
  readonly id = 'pay-on-pickup';
  readonly title = 'Pay on pickup';

  offers(checkout: { pickup: boolean }): boolean {
    return checkout.pickup;
  }

  instructions(order: PaymentOrder): string {
    return `Please pay ${order.formattedTotal} when you collect ${order.number ? `order ${order.number}` : 'your order'}.`;
  }

  async start(): Promise<{ paymentStatus: 'NOT_PAID' }> {
    return { paymentStatus: 'NOT_PAID' };
  }
}

/** The shop's providers in the order the page lists them. */
export class PaymentProviders {
  constructor(private readonly all: PaymentProvider[]) {}

  /** The providers the buyer may choose for a checkout. */
  offered(checkout: OfferedCheckout): PaymentProvider[] {
    return this.all.filter((p) => p.offers(checkout));
  }

  /** A provider by id, whether offered or not (orders keep the id of the one they used). */
  find(id: string): PaymentProvider | undefined {
    return this.all.find((p) => p.id === id);
  }
}
