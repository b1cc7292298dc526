import type { Transaction } from 'kysely';
import type { Caller } from '../../platform/caller.js';
import type { Database } from '../../platform/db/schema.js';
import type { EventIdentity } from '../events/event-identity.js';
import type { PricedLine } from './totals/model.js';

/** A caller that owns a cart: a visitor, a member, or a merchant acting for the shopper it sent. */
export type CartCaller = Exclude<Caller, { kind: 'anonymous' }>;

/**
 * One line of a cart as a checkout freezes it: the totals engine's priced line plus what the order,
 * the hosted checkout page and the confirmation e-mail show. Plain JSON (stored in `checkouts.line_items`).
 */
export interface FrozenLine {
  /** the cart line's id */
  lineItemId: string;
  productId?: string;
  variantId?: string;
  /** true for a merchant's custom line (no stock to reserve) */
  custom: boolean;
  name: string;
  quantity: number;
  /** decimal strings in the cart currency */
  price: string;
  fullPrice: string;
  sku?: string;
  /** per unit, decimal string */
  weight?: string;
  shippable: boolean;
  collectionIds: string[];
  /** absolute URL of the image, when the line has one */
  imageUrl?: string;
  /** the product page, absolute */
  url?: string;
  /** "Size: L", "Color: Red"; a colour choice with its swatch code (`#c0392b`) when it has one */
  descriptionLines: { name: string; value: string; color?: string }[];
  itemType: 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';
}

/** Everything a checkout copies from the caller's current cart. */
export interface CartForCheckout {
  cartId: string;
  revision: number;
  currency: string;
  visitorId: string | null;
  memberId: string | null;
  email: string | null;
  buyerNote: string | null;
  contactInfo: Record<string, unknown> | null;
  selectedShippingOption: { code: string; carrierId?: string | null } | null;
  couponId: string | null;
  merchantDiscounts: (({ amount: string } | { percentage: string }) & { lineItemIds?: string[] })[];
  lines: FrozenLine[];
}

/** The priced line of a frozen line (what the totals engine needs). */
export function pricedLineOf(line: FrozenLine, toMinor: (decimal: string) => bigint): PricedLine {
  return {
    id: line.lineItemId,
    productId: line.productId,
    collectionIds: line.collectionIds,
    quantity: line.quantity,
    unitPrice: toMinor(line.price),
    fullUnitPrice: toMinor(line.fullPrice),
    weight: line.weight,
    shippable: line.shippable,
  };
}

/**
 * What the checkout domain asks of the cart (implemented by CartService).
 */
export interface CartForCheckoutPort {
  /**
   * The caller's cart, priced now, every line available in its quantity.
   * @throws DomainError OWNED_CART_NOT_FOUND (no cart), CART_EMPTY, ITEMS_UNAVAILABLE (data: lineItemIds)
   */
  forCheckout(caller: CartCaller): Promise<CartForCheckout>;
  /** Records the checkout on the cart (`cart.checkoutId`); no-op when the cart is gone. */
  markCheckedOut(cartId: string, checkoutId: string): Promise<void>;
  /**
   * The cart's content now when its revision is no longer `revision` ('unchanged' when it is; undefined
   * when the cart is gone): every line that still names something to sell, available or not (placement
   * then names the items short of stock), for an open checkout to show the cart as it is now.
   */
  contentIfChanged(cartId: string, revision: number): Promise<CartForCheckout | 'unchanged' | undefined>;
  /**
   * Puts the coupon on the cart (null: takes it off), so the cart and its checkout show the same one
   * (issue #19); the revision is bumped and `cart.updated` published. No-op when the cart is gone or
   * already has it. The caller has checked that the coupon can be used.
   */
  setCoupon(cartId: string, couponId: string | null, who: EventIdentity): Promise<void>;
  /** What taking an order's lines out of its cart needs, read before the placing transaction (PGlite has one connection). */
  orderRemoval(): Promise<OrderRemoval>;
}

/** Takes an order's lines out of the cart it was checked out from, inside the placing transaction. */
export interface OrderRemoval {
  /**
   * Subtracts the ordered quantities from the cart's lines (lines added or grown since keep the rest);
   * deletes the cart when nothing is left. Bumps its revision and publishes `cart.updated` or
   * `cart.deleted`. Answers false, changing nothing, when the cart (locked here) is gone or no longer
   * holds a line in the quantity ordered.
   */
  removeOrdered(
    trx: Transaction<Database>,
    cartId: string,
    ordered: readonly { lineItemId: string; quantity: number }[],
    who: EventIdentity,
  ): Promise<boolean>;
}
