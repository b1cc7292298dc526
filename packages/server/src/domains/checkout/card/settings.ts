/**
 * Where the card provider reads its Stripe keys (issue #20): a port, so that the provider does not
 * know where they are kept. The shop settings' card section backs it (`shopCardSettings`), read on
 * every use, so keys the merchant enters take effect without a restart. Only `publishableKey` ever
 * reaches a page; the other two stay on the server and out of the logs.
 */
import type { CardSettings, ShopSettings } from '../../settings/shop-settings.js';

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

/**
 * The keys of the settings' card section when all three are entered. Whether card is turned on is
 * not asked here: a payment started before the merchant turned card off still settles and refunds.
 */
export function cardKeysOf(card: CardSettings): CardPaymentKeys | undefined {
  const { secretKey, publishableKey, webhookSecret } = card;
  return secretKey && publishableKey && webhookSecret ? { secretKey, publishableKey, webhookSecret } : undefined;
}

/** The keys as the shop settings hold them now. */
export function shopCardSettings(settings: { current(): Promise<Pick<ShopSettings, 'payments'>> }): CardPaymentSettings {
  return { current: async () => cardKeysOf((await settings.current()).payments.card) };
}

/** Keys fixed once: a provider made from one reading of the settings (a refund inside a transaction reads no more). */
export function fixedCardSettings(keys: CardPaymentKeys | undefined): CardPaymentSettings {
  return { current: async () => keys };
}
