import type { CollectionRow } from './read-store.js';

/** The reader era of a collection: v1 (`/v1/collections/slug/…`) has no `lastUpdated`, v2 has it. */
export type CollectionEra = 'v1' | 'v2';

/**
 * A collection as the readers answer it (shape as the corpus records: `media` as stored,
 * `{mainMedia?, items?}`; `numberOfProducts` as the caller may see them).
 */
export function toWireCollection(collection: CollectionRow, numberOfProducts: number, era: CollectionEra) {
  return {
    id: collection.id,
    name: collection.name,
    slug: collection.slug,
    visible: collection.visible,
    numberOfProducts,
    media: collection.media ?? {},
    description: collection.description,
    ...(era === 'v2' ? { lastUpdated: collection.updated_date.toISOString() } : {}),
  };
}

export type WireCollection = ReturnType<typeof toWireCollection>;
