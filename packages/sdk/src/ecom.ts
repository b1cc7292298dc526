/** `@vitrine/sdk/ecom`: the current-cart module and the caller's orders. */
export { currentCart } from './modules/cart.js';
export { orders } from './modules/orders.js';
