/**
 * The shop's settings as the server holds them (issue #20): its details, the sender of its e-mails,
 * and its payment methods. Secrets (a card processor's keys) are here for the server's own use; the
 * merchant API answers only whether they are set (`views.ts`).
 */
import type { WireAddress } from '../checkout/schemas.js';

/** The bank account a buyer pays a bank transfer to; any part may be missing until the merchant enters it. */
export interface BankDetails {
  accountHolder: string | null;
  /** electronic form, no spaces ("DE89370400440532013000") */
  iban: string | null;
  /** where there is no IBAN (US, CA, AU...) */
  accountNumber: string | null;
  /** BIC / SWIFT code */
  bic: string | null;
  /** a national routing code (ABA routing number, sort code, BSB...) */
  routingNumber: string | null;
  bankName: string | null;
  /** the merchant's own sentence under the details; `{number}` and `{total}` are filled in */
  instructions: string | null;
}

/** A card processor's keys (Stripe): the publishable key may reach a page, the others never leave the server. */
export interface CardSettings {
  enabled: boolean;
  publishableKey: string | null;
  secretKey: string | null;
  webhookSecret: string | null;
}

/** Every way to pay the merchant can turn on or off. */
export interface PaymentSettings {
  card: CardSettings;
  bankTransfer: { enabled: boolean } & BankDetails;
  /** offered for deliveries only */
  cashOnDelivery: { enabled: boolean };
  /** offered for pickups only */
  payAtPickup: { enabled: boolean };
}

/** The sender of every e-mail of the shop (its From). */
export interface MailSender {
  name: string;
  email: string;
}

export interface ShopSettings {
  shopName: string;
  contactEmail: string | null;
  address: WireAddress | null;
  sender: MailSender;
  /** IANA name ("Europe/Berlin") */
  timeZone: string;
  /** put before the number of orders placed from now on ('' for none) */
  orderNumberPrefix: string;
  payments: PaymentSettings;
  updatedDate: Date;
}

/** The payment methods' ids, as stored on orders and posted by the hosted checkout page. */
export const PAYMENT_METHOD_IDS = {
  card: 'card',
  bankTransfer: 'bank-transfer',
  cashOnDelivery: 'cash-on-delivery',
  payAtPickup: 'pay-on-pickup',
} as const satisfies Record<keyof PaymentSettings, string>;
