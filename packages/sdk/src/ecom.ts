/** `@vitrine/sdk/ecom`: the current-cart module, the caller's orders, and the merchant's coupons, shipping, taxes and memberships. */
export { currentCart } from './modules/cart.js';
export { coupons } from './modules/coupons.js';
export { memberships } from './modules/memberships.js';
export { orders } from './modules/orders.js';
export { shipping } from './modules/shipping.js';
export { taxes } from './modules/taxes.js';
