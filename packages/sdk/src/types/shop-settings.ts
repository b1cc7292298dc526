/** The shop's own settings (Vitrine's merchant settings API; the spec has no such entity). */
import type { Address } from './address.js';

/** The bank account buyers pay a bank transfer to; null where the merchant entered nothing. */
export interface BankTransferSettings {
  enabled?: boolean;
  accountHolder?: string | null;
  /** read back in its electronic form (no spaces); spaces are accepted on input */
  iban?: string | null;
  /** where there is no IBAN */
  accountNumber?: string | null;
  /** BIC / SWIFT code */
  bic?: string | null;
  /** a national routing code (ABA routing number, sort code) */
  routingNumber?: string | null;
  bankName?: string | null;
  /** a sentence under the bank details; `{number}` and `{total}` are filled in */
  instructions?: string | null;
}

/** Card payments: the keys are write-only (`secretKey`, `webhookSecret`); reads say whether they are set. */
export interface CardPaymentSettings {
  enabled?: boolean;
  publishableKey?: string | null;
  /** write-only */
  secretKey?: string | null;
  /** write-only */
  webhookSecret?: string | null;
  /** read-only: a secret key is stored */
  secretKeySet?: boolean;
  /** read-only: a webhook secret is stored */
  webhookSecretSet?: boolean;
}

/** Every way to pay the merchant turns on or off; at least one stays on. */
export interface PaymentMethodSettings {
  card?: CardPaymentSettings;
  bankTransfer?: BankTransferSettings;
  /** offered for deliveries only */
  cashOnDelivery?: { enabled?: boolean };
  /** offered for pickups only */
  payAtPickup?: { enabled?: boolean };
}

export interface ShopSettings {
  /** on hosted pages and in e-mails */
  shopName?: string;
  contactEmail?: string | null;
  address?: Address | null;
  /** the From of every e-mail */
  sender?: { name: string; email: string };
  /** IANA time zone, e.g. `Europe/Berlin` */
  timeZone?: string;
  /** put before the number of orders placed from now on, e.g. `SHOP-` */
  orderNumberPrefix?: string;
  payments?: PaymentMethodSettings;
  _updatedDate?: Date;
}
