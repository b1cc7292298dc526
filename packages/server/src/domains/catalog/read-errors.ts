import { defineErrors } from '../../platform/errors.js';
import { CatalogWriteErrors } from './write-errors.js';

const { PRODUCT_NOT_FOUND, COLLECTION_NOT_FOUND, VARIANT_NOT_FOUND } = CatalogWriteErrors.table;

/**
 * Errors of the catalogue reads: the same codes (and answers) as the writes', so one table entry
 * serves both. Shoppers get the same 404 for an entity that does not exist and for a hidden one,
 * so hidden products and collections cannot be probed.
 */
export const CatalogReadErrors = defineErrors({ PRODUCT_NOT_FOUND, COLLECTION_NOT_FOUND, VARIANT_NOT_FOUND });
