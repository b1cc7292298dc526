import type { Media } from './catalog-product.js';

/** A product collection (spec §3 "Collection"). */
export interface Collection {
  _id?: string;
  name?: string;
  slug?: string;
  visible?: boolean;
  numberOfProducts?: number;
  description?: string | null;
  media?: Media;
  lastUpdated?: Date;
}

/** Answer of the calls that return a collection inside a response (`getCollectionBySlug`). */
export interface CollectionResponse {
  collection?: Collection;
}
