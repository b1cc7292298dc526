import type { CollectionRow } from './read-store.js';

/** The reader era of a collection: v1 (`/v1/collections/slug/…`) has no `lastUpdated`, v2 has it. */
export type CollectionEra = 'v1' | 'v2';

/**
 * A collection as the readers answer it (shape as the corpus records: `media` as stored,
 * `{mainMedia?, items?}`; `numberOfProducts` as the caller may see them).
 */
export function toWireCollection(c: CollectionRow, numberOfProducts: number, era: CollectionEra) {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    visible: c.visible,
    numberOfProducts,
    media: c.media ?? {},
    description: c.description,
    ...(era === 'v2' ? { lastUpdated: c.updated_date.toISOString() } : {}),
  };
}

export type WireCollection = ReturnType<typeof toWireCollection>;
