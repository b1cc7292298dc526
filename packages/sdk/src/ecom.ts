/** `@vitrine/sdk/ecom`: the current-cart module, the caller's orders, and the merchant's coupons and taxes. */
export { currentCart } from './modules/cart.js';
export { coupons } from './modules/coupons.js';
export { orders } from './modules/orders.js';
export { taxes } from './modules/taxes.js';
