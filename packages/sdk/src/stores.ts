/** `@vitrine/sdk/stores`: the catalogue modules and the merchant's media uploads. */

export { collections } from './modules/collections.js';
export { type InventoryHistoryPage, inventory } from './modules/inventory.js';
export { media } from './modules/media.js';
export { products } from './modules/products.js';
