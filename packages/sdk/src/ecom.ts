/** `@vitrine/sdk/ecom`: the current-cart module. */
export { currentCart } from './modules/cart.js';
