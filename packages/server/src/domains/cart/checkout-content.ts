import type { CartLine } from './cart-lines.js';
import type { CartForCheckout } from './checkout-port.js';
import { frozenLineOf } from './frozen-lines.js';
import type { CartRow } from './store.js';

/** What a checkout copies from a cart: its details and these of its lines, frozen at their prices now. */
export function checkoutContentOf(cart: CartRow, lines: readonly CartLine[]): CartForCheckout {
  return {
    cartId: cart.id,
    revision: cart.revision,
    currency: cart.currency,
    visitorId: cart.visitor_id,
    memberId: cart.member_id,
    email: cart.email,
    buyerNote: cart.buyer_note,
    contactInfo: cart.contact_info,
    selectedShippingOption: cart.selected_shipping_option,
    couponId: cart.coupon_id,
    merchantDiscounts: cart.merchant_discounts,
    lines: lines.map((line) => frozenLineOf(line, cart.currency)),
  };
}
