/**
 * How a placed order is paid: the one payment-provider port. The hosted checkout offers every
 * provider that is turned on and `offers` the checkout; placement calls `start` inside the placing
 * transaction to learn the order's first payment status. Providers are made from the shop settings
 * on every use (`PaymentProviderSource.providers()`), so a method the merchant turns on or off, or
 * bank details changed, apply at once. The built-in ones are offline (`offline-providers.ts`): the
 * buyer pays by bank transfer, cash on delivery or at pickup, and the merchant marks the order paid
 * later. An online provider (cards) is added as a `PaymentProviderFactory`.
 */
import type { PaymentSettings, ShopSettings } from '../settings/shop-settings.js';
import { offlineProviders } from './offline-providers.js';

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
  /** the merchant turned it on (shop settings): only then is it offered */
  readonly enabled: boolean;
  /** paid on the spot through the page (a card), rather than later by the buyer (the spec's FULL_PAYMENT_ONLINE vs _OFFLINE) */
  readonly online: boolean;
  /** Whether the buyer may choose it for this checkout, when it is turned on. */
  offers(checkout: OfferedCheckout): boolean;
  /** What the buyer must do (shown after placement and mailed), with the order's number and total filled in. */
  instructions(order: PaymentOrder): string;
  /** Starts the payment of a placed order: its first payment status. */
  start(order: PaymentOrder): Promise<{ paymentStatus: 'NOT_PAID' | 'PENDING' | 'PAID' }>;
  /**
   * Where the hosted checkout sends the buyer to pay before the order is placed (card: Stripe's
   * Payment Element); absent for offline methods, whose order is placed at once.
   */
  payStep?(checkoutId: string, options: { session?: string; shownTotals: string }): string;
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

/** Makes a provider from the shop's payment settings (its keys, whether it is on); the card processor's hook. */
export type PaymentProviderFactory = (settings: PaymentSettings) => PaymentProvider;

/** The shop's providers in the order the page lists them. */
export class PaymentProviders {
  constructor(private readonly all: PaymentProvider[]) {}

  /** The providers the buyer may choose for a checkout: turned on, and offering it. */
  offered(checkout: OfferedCheckout): PaymentProvider[] {
    return this.all.filter((provider) => provider.enabled && provider.offers(checkout));
  }

  /** A provider by id, whether offered or not (orders keep the id of the one they used). */
  find(id: string): PaymentProvider | undefined {
    return this.all.find((provider) => provider.id === id);
  }

  /** Whether any provider turned on is paid online (then cart lines report FULL_PAYMENT_ONLINE). */
  anyOnline(): boolean {
    return this.all.some((provider) => provider.enabled && provider.online);
  }
}

/** The shop's providers as its settings are now. */
export class PaymentProviderSource {
  /** `online`: providers of online payment (first on the page), e.g. the card processor's. */
  constructor(
    private readonly settings: { current(): Promise<Pick<ShopSettings, 'payments'>> },
    private readonly online: PaymentProviderFactory[] = [],
  ) {}

  async providers(): Promise<PaymentProviders> {
    const { payments } = await this.settings.current();
    return new PaymentProviders([...this.online.map((make) => make(payments)), ...offlineProviders(payments)]);
  }

  /** How cart lines are paid (the spec's paymentOption): online when a provider turned on is online. */
  async linePaymentOption(): Promise<'FULL_PAYMENT_ONLINE' | 'FULL_PAYMENT_OFFLINE'> {
    return (await this.providers()).anyOnline() ? 'FULL_PAYMENT_ONLINE' : 'FULL_PAYMENT_OFFLINE';
  }
}
