/**
 * Where the card provider reads its Stripe keys (issue #20): a port, so that the keys can move from the
 * environment to the merchant's shop settings without the provider knowing. Only `publishableKey`
 * ever reaches a page; the other two stay on the server and out of the logs.
 */

/** A Stripe account's keys. */
export interface CardPaymentKeys {
  /** `sk_…` (or a restricted `rk_…`): the server's calls to Stripe */
  secretKey: string;
  /** `pk_…`: Stripe.js on the pay page */
  publishableKey: string;
  /** `whsec_…`: verifies the webhook's signatures */
  webhookSecret: string;
}

/** The card provider's settings: the keys when card payments are set up, else undefined (card is not offered). */
export interface CardPaymentSettings {
  current(): Promise<CardPaymentKeys | undefined>;
}

/** The keys from the configuration (`STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY`, `STRIPE_WEBHOOK_SECRET`). */
export function configuredCardSettings(keys: CardPaymentKeys | undefined): CardPaymentSettings {
  return { current: async () => keys };
}
