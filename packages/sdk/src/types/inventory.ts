import type { IdentityType } from './enums-cart.js';

/**
 * Why a variant's stock changed (issue #24). The merchant gives one of the first six with a change
 * (`INITIAL` is the stock a product is created with; a catalogue write that names none is a
 * `CORRECTION`); orders record the last three themselves.
 */
export const StockChangeReason = {
  INITIAL: 'INITIAL',
  RECEIVED: 'RECEIVED',
  CORRECTION: 'CORRECTION',
  DAMAGED: 'DAMAGED',
  RETURNED: 'RETURNED',
  OTHER: 'OTHER',
  ORDER: 'ORDER',
  CANCELLATION: 'CANCELLATION',
  REFUND: 'REFUND',
} as const;
export type StockChangeReason = (typeof StockChangeReason)[keyof typeof StockChangeReason];

/** The reasons a merchant may give for a stock change of their own. */
export const MERCHANT_STOCK_REASONS = [
  'RECEIVED',
  'CORRECTION',
  'DAMAGED',
  'RETURNED',
  'OTHER',
] as const satisfies readonly StockChangeReason[];
export type MerchantStockReason = (typeof MERCHANT_STOCK_REASONS)[number];

/** One entry of a variant's inventory history: the quantity before and after, who, when and why. */
export interface InventoryChange {
  _id?: string;
  productId?: string;
  variantId?: string;
  /** `null`: the variant did not count its stock then */
  quantityBefore?: number | null;
  quantityAfter?: number | null;
  /** after minus before (a missing count is 0) */
  change?: number;
  reason?: StockChangeReason;
  /** who made it: a merchant (WIX_USER), an API key (APP), a shopper's order (MEMBER, ANONYMOUS_VISITOR), the system (UNKNOWN) */
  actor?: {
    identityType?: IdentityType;
    id?: string | null /** the merchant's e-mail, for a change made in the console */;
    email?: string;
  };
  /** the order that took or gave back the units */
  order?: { _id?: string; number?: string } | null;
  note?: string | null;
  _createdDate?: Date;
}

/** A stock change a merchant makes with its reason: the variant's new quantity (the product's when it has one stock for all). */
export interface StockAdjustment {
  variantId?: string;
  quantity: number;
  reason: MerchantStockReason;
  note?: string;
}
