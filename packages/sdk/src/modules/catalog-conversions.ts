/**
 * Conversion sets of the catalogue entities (paths relative to the entity, wire names), shared
 * by the products and collections modules. Calls only in the spec era (the platformized write
 * proxy) get the same sets as the latest reference applies to the same entity (rule D20).
 */
import type { Conversions } from '../transport/declaration.js';
import { pre } from './conversions.js';

const PRICES = 'price pricePerUnit discountedPrice';

/** Non-finite numbers of a variant's data (`variants[].variant`). */
const VARIANT_DATA_F = `weight ${/* @__PURE__ */ pre('priceData convertedPriceData', PRICES)} ${/* @__PURE__ */ pre('costAndProfitData', 'itemCost profit profitMargin')}`;

/** A product variant as in `variants[]` (its numbers sit in `variant`). */
export const VARIANT: Conversions = { floats: /* @__PURE__ */ pre('variant', VARIANT_DATA_F) };

/** A product. */
export const PRODUCT: Conversions = {
  dates: 'lastUpdated createdDate',
  floats: `${VARIANT_DATA_F} ${/* @__PURE__ */ pre('price', PRICES)} ${/* @__PURE__ */ pre('weightRange priceRange costRange', 'minValue maxValue')} pricePerUnitData.totalQuantity pricePerUnitData.baseQuantity discount.value ${/* @__PURE__ */ pre('variants', VARIANT.floats as string)}`,
};

/** The variant picked by product options (`selectedVariant`). */
export const SELECTED_VARIANT: Conversions = { floats: `weight ${/* @__PURE__ */ pre('price convertedPriceData', PRICES)}` };

/** A collection. */
export const COLLECTION: Conversions = { dates: 'lastUpdated' };

/** A store variant: its media as `wix:` URIs (dates and focal points inside vanish with them). */
export const STORE_VARIANT: Conversions = { images: 'media.image', videos: 'media.video' };

/** A catalogue query's sort keys name fields as its filter does: `_id` is sent as `id`. */
export const QUERY: Conversions = { fieldNames: 'query.sort.fieldName' };
