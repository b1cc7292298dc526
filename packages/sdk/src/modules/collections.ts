/** 'collections' ('@wix/stores' v2 collections reader; spec-era wire paths under '/stores-reader'). */
import type { Collection, CollectionResponse, QueryCollectionsResponse } from '../types/index.js';
import { call } from './call.js';
import { COLLECTION, QUERY } from './catalog-conversions.js';
import { under } from './conversions.js';
import type { CollectionsQueryBuilder, PlatformQuery } from './query-types.js';

export const collections = {
  /** One collection (the entity itself). @see spec section 7 "Catalogue read" */
  getCollection: /* @__PURE__ */ call<(_id: string) => Promise<Collection>>({
    route: 'GET /stores-reader/v2/collections/{id}',
    args: ['_id'],
    response: /* @__PURE__ */ under('collection', COLLECTION),
    returns: 'collection',
  }),

  /** One collection by slug; resolves to '{collection}'. */
  getCollectionBySlug: /* @__PURE__ */ call<(slug: string) => Promise<CollectionResponse>>({
    route: 'GET /stores-reader/v2/collections/slug/{slug}',
    args: ['slug'],
    response: /* @__PURE__ */ under('collection', COLLECTION),
  }),

  /** 'queryCollections()' gives a builder; 'queryCollections(query)' returns the whole answer. */
  queryCollections: /* @__PURE__ */ call<{ (): CollectionsQueryBuilder; (query: PlatformQuery): Promise<QueryCollectionsResponse> }>({
    route: 'GET /stores-reader/v2/collections/query',
    args: ['query'],
    request: QUERY,
    response: /* @__PURE__ */ under('collections', COLLECTION),
    queryItems: 'collections',
  }),
};
