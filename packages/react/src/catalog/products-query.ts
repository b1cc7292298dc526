/** The product list: a plain description of the query, mapped onto the SDK's platform query, and its query options. */

import { queryOptions } from '@tanstack/react-query';
import type { PlatformQuery, Product, QueryProductsOptions, Sorting } from '@vitrine/sdk';
import type { VitrineClient } from '../client.js';
import { vitrineKeys } from '../keys.js';

/** Default page size, as the SDK's (spec §9). */
const DEFAULT_LIMIT = 50;

/**
 * What a product list shows. `filter` is the SDK's filter object (`{ name: { $contains: 'mug' } }`,
 * `{ collectionIds: { $hasSome: [id] } }`); `sort` its sort keys. Plain data, so it is the query key.
 */
export interface ProductsQuery {
  filter?: Record<string, unknown>;
  sort?: Sorting[];
  /** page size (default 50) */
  limit?: number;
  /** items to skip (default 0) */
  offset?: number;
  /** products carry their variants */
  includeVariants?: boolean;
}

/** One page of products. */
export interface ProductsPage {
  products: Product[];
  /** all matching products, when the server counts them */
  total?: number;
  offset: number;
  limit: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/** The SDK's platform query for a description. */
const toPlatformQuery = (q: ProductsQuery): PlatformQuery => ({
  filter: q.filter ?? {},
  ...(q.sort?.length ? { sort: q.sort } : {}),
  paging: { offset: q.offset ?? 0, limit: q.limit ?? DEFAULT_LIMIT },
});

/** The list query of `useProducts`. */
export const productsQueryOptions = (client: VitrineClient, query: ProductsQuery) =>
  queryOptions({
    queryKey: vitrineKeys.productList(query),
    queryFn: async (): Promise<ProductsPage> => {
      const platform = toPlatformQuery(query);
      const options: QueryProductsOptions = query.includeVariants ? { includeVariants: true } : {};
      const answer = await client.products.queryProducts(platform, options);
      const products = answer.products ?? [];
      const { offset = 0, limit = DEFAULT_LIMIT } = platform.paging as { offset: number; limit: number };
      const total = answer.metadata?.total ?? undefined;
      // Without a count, a full page is the only hint that more may follow.
      const hasNext = total === undefined ? products.length === limit : offset + products.length < total;
      return { products, total, offset, limit, hasNext, hasPrev: offset > 0 };
    },
  });
