import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The catalogue's app id: the value storefront code written for the reference sends. */
export const CATALOG_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

/** A line's catalogue reference as sent: `options` is `{variantId}`, `{options: {Size: 'L'}}` or absent. */
export interface CatalogRef {
  appId: string | null;
  catalogItemId: string | null;
  options?: Record<string, unknown> | null;
}

/** A description line of a catalogue item: an option and its chosen value (colours with their code). */
export interface ItemDescription {
  name: string;
  value: string;
  /** set for colour options: the colour's code (`#ff0000`) when the catalogue knows one */
  color?: { code?: string };
}

/** An image of a catalogue item, as the wire's image object. */
export interface ItemImage {
  id: string;
  url: string;
  width?: number;
  height?: number;
  altText?: string;
}

/** A catalogue item a cart line refers to, resolved now (prices follow the catalogue). */
export interface CatalogItem {
  productId: string;
  variantId: string;
  name: string;
  slug: string;
  /** the product page: relative and absolute */
  url: { relativePath: string; url: string };
  /** the catalogue's currency of the prices */
  currency: string;
  /** per unit in minor units: what the buyer pays (after the product's own discount) */
  price: bigint;
  /** per unit in minor units: before the product's own discount */
  fullPrice: bigint;
  image?: ItemImage;
  /** per unit, decimal string */
  weight?: string;
  sku?: string;
  /** tracked: `quantity` units left; untracked: in stock or not */
  stock: { tracked: boolean; quantity: number | null; inStock: boolean };
  itemType: 'PHYSICAL' | 'DIGITAL';
  collectionIds: string[];
  descriptionLines: ItemDescription[];
}

/**
 * What the cart asks of the catalogue (implemented in `domains/catalog/cart-items.ts`). Queries run
 * on the executor given, so a cart write resolves its lines inside its own transaction.
 */
export interface CartCatalogPort {
  /**
   * The items of several references at once (one query set for all of them), in the same order;
   * undefined where the reference names no visible item (unknown app or item, hidden product or
   * variant, choices that match no variant).
   */
  resolve(db: Kysely<Database>, refs: readonly CatalogRef[]): Promise<(CatalogItem | undefined)[]>;
}
