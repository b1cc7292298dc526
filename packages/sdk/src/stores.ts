/** `@vitrine/sdk/stores`: the catalogue modules. */
export { collections } from './modules/collections.js';
export { products } from './modules/products.js';
