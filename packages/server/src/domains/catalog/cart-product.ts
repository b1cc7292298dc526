/**
 * A product as the cart reads it (`cart-items.ts`), the shape the catalogue's cache keeps for carts
 * (`read-cache.ts`): the product columns the cart needs, its visible variants and its collection ids.
 */
import type { ProductRow, VariantRow } from './product-view.js';

/** The variant columns the cart reads (a variant row's, as the product query aggregates them). */
export type CartVariant = Pick<VariantRow, 'id' | 'choices' | 'choices_key' | 'sku' | 'price' | 'weight' | 'in_stock' | 'quantity'>;

/** The product columns the cart reads. */
export const CART_COLUMNS = [
  'id',
  'name',
  'slug',
  'currency',
  'price',
  'discount_type',
  'discount_value',
  'track_inventory',
  'weight',
  'sku',
  'product_type',
  'product_options',
  'media',
] as const;

/** A visible product as the cart reads it, with its visible variants (display order) and its collection ids (order added). */
export type CartProduct = Pick<ProductRow, (typeof CART_COLUMNS)[number]> & { cart_variants: CartVariant[]; cart_collection_ids: string[] };
