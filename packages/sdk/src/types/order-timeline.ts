/**
 * An order's timeline (issue #20): every change of the order, who made it and when, and the
 * merchant's internal notes (`orders.listOrderActivities`, `addOrderNote`, `removeOrderNote`; merchant
 * only, never shown to the buyer).
 */
import type { IdentificationData } from './events.js';

/** What happened to an order. Open-ended: newer servers may answer kinds this list does not name yet. */
export const OrderActivityKind = {
  /** the buyer placed the order */
  PLACED: 'PLACED',
  /** the payment was recorded */
  PAID: 'PAID',
  /** the order went to its buyer */
  FULFILLED: 'FULFILLED',
  CANCELED: 'CANCELED',
  /** money was given back (`detail.amount`, `detail.reason`) */
  REFUNDED: 'REFUNDED',
  /** an e-mail about the order went to the buyer (`detail.subject`) */
  EMAIL_SENT: 'EMAIL_SENT',
  /** the guest's order became a member's, when the member proved the e-mail */
  CLAIMED: 'CLAIMED',
  /** an internal note of the merchant */
  NOTE: 'NOTE',
} as const;
/** What happened to an order (an unknown kind is a newer server's). */
export type OrderActivityKind = (typeof OrderActivityKind)[keyof typeof OrderActivityKind] | (string & {});

/** One entry of an order's timeline. */
export interface OrderActivity {
  _id: string;
  kind: OrderActivityKind;
  /** who made the change: a merchant (WIX_USER), an API key (APP), the buyer (MEMBER, ANONYMOUS_VISITOR), the system (UNKNOWN) */
  who: IdentificationData;
  _createdDate: Date;
  /** what came with the change (a tracking number, a reason, an e-mail's subject) */
  detail: Record<string, unknown>;
  /** a NOTE's text, until it is removed */
  note?: string;
  /** when and by whom a NOTE was removed */
  removed?: { removedDate: Date; who: IdentificationData };
}

/** An order's timeline, newest first. */
export interface ListOrderActivitiesResponse {
  activities: OrderActivity[];
}
