import type { ReadRows } from './import-rows.js';

export function rowsFromShopify(_text: string): ReadRows {
  return { rows: [], errors: [{ line: 1, message: 'Shopify files are not read yet' }] };
}
