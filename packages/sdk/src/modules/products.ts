/** `products` (spec-era `@wix/stores` products module): catalogue reads and merchant writes. */
import { productsRead } from './products-read.js';
import { productsWrite } from './products-write.js';

export const products = { ...productsWrite, ...productsRead };
