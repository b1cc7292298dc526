/**
 * A merchant's role (issue #24): the `OWNER` manages staff, API keys, webhooks and payment settings;
 * `STAFF` runs the shop day to day (orders, catalogue, pricing, mails) and is refused those.
 */
export const MerchantRole = { OWNER: 'owner', STAFF: 'staff' } as const;
export type MerchantRole = (typeof MerchantRole)[keyof typeof MerchantRole];

/** One of the shop's merchants, or an invited one who has not chosen a password yet (`pending`). */
export interface Merchant {
  _id?: string;
  email?: string;
  role?: MerchantRole;
  /** invited, the link not used yet: no password chosen */
  pending?: boolean;
  _createdDate?: Date;
}

/** The signed-in merchant: who they are and what their role lets them do. */
export interface CurrentMerchant {
  _id?: string;
  email?: string;
  role?: MerchantRole;
}
