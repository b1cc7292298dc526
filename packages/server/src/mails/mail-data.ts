/**
 * What the buyer's mails say, as plain data (issue #20): made when the mail is queued (amounts already
 * formatted), kept in the outbox as JSON, rendered to HTML and text when sent.
 */
import type { ShopProfile } from '../domains/settings/shop-profile.js';

/** The five mails to the buyer, one template each. */
export const ORDER_MAIL_KINDS = ['order-received', 'payment-received', 'shipped', 'cancelled', 'refunded'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** The shop as the mail names it: its name, time zone, contact e-mail and address (its settings when the mail is sent). */
export type MailShop = ShopProfile;

/** An order line: "2 × Mug (Color: Blue)  $16.00". */
interface MailLine {
  quantity: number;
  name: string;
  /** "Color: Blue, Size: L", or empty */
  details: string;
  total: string;
}

/** The order as every mail shows it. */
export interface MailOrder {
  number: string;
  /** when it was placed (ISO; written in the shop's time zone when the mail is sent); absent in mails queued before #20 */
  placedDate?: string;
  /** where the buyer reads the order (an https link of the shop) */
  link: string;
  lines: MailLine[];
  /** "Subtotal $16.00", …, "Total $21.00" */
  totals: { label: string; amount: string }[];
  /** "Standard shipping to Ada Lovelace, 1 Main St, …" */
  delivery?: string;
  billing?: string;
  payment: { title: string; instructions: string };
}

/** One parcel on its way: the carrier, its tracking, and what it holds; or, for a pickup order, items ready to collect. */
export interface MailFulfilment {
  carrierName?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  lines: { name: string; quantity: number }[];
  /** set when the buyer collects the order: these items are then ready at `place`, not sent (absent in mails queued before) */
  pickup?: MailPickup;
}

/** Where and when the buyer collects a pickup order, and what the shop asks them to bring or do. */
export interface MailPickup {
  /** "148 Mercer St, New York, US" */
  place: string;
  /** "Sun, Nov 29, 10 AM – 12 PM (Eastern Time)", when the buyer chose a time */
  time?: string;
  instructions?: string;
}

/** Money given back: the amount (formatted) and why. */
export interface MailRefund {
  amount: string;
  reason?: string;
}

/** A mail's data, by kind. */
export type OrderMailData =
  | { kind: 'order-received'; order: MailOrder }
  | { kind: 'payment-received'; order: MailOrder }
  | { kind: 'shipped'; order: MailOrder; fulfilment: MailFulfilment }
  | { kind: 'cancelled'; order: MailOrder; reason?: string }
  | { kind: 'refunded'; order: MailOrder; refund: MailRefund };

/** The mail of one kind's data. */
export type MailDataOf<K extends OrderMailKind> = Extract<OrderMailData, { kind: K }>;
