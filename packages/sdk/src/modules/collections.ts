/** `collections` (`@wix/stores` v2 collections reader; spec-era wire paths under `/stores-reader`). */
import type { Collection, CollectionResponse, QueryCollectionsResponse } from '../types/index.js';
import { call } from './call.js';
import { COLLECTION } from './catalog-conversions.js';
import { under } from './conversions.js';
import type { CollectionsQueryBuilder, PlatformQuery } from './query-types.js';

const V2 = '/stores-reader/v2/collections';

export const collections = {
  /** One collection (the entity itself). @see spec section 7 "Catalogue read" */
  getCollection: call<(_id: string) => Promise<Collection>>({
    r: `GET ${V2}/{id}`,
    a: ['_id'],
    s: under('collection', COLLECTION),
    o: 'collection',
  }),

  /** One collection by slug; resolves to `{collection}`. */
  getCollectionBySlug: call<(slug: string) => Promise<CollectionResponse>>({
    r: `GET ${V2}/slug/{slug}`,
    a: ['slug'],
    s: under('collection', COLLECTION),
  }),

  /** `queryCollections()` gives a builder; `queryCollections(query)` returns the whole answer. */
  queryCollections: call<{ (): CollectionsQueryBuilder; (query: PlatformQuery): Promise<QueryCollectionsResponse> }>({
    r: `GET ${V2}/query`,
    a: ['query'],
    s: under('collections', COLLECTION),
    x: 1,
    fb: 1,
    qb: 'collections',
  }),
};
