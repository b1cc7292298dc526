/**
 * The resolvers of `type-defs.ts`: every root field calls the catalogue read service (never SQL),
 * as the caller, exactly as the REST reads do: shoppers see visible items only and never cost
 * data; merchants (API key) see everything, cost and profit included. Nested fields are the wire
 * objects' own properties (default resolvers).
 */
import type { Caller } from '../../platform/caller.js';
import { DomainError, type ErrorTable } from '../../platform/errors.js';
import { CatalogReadErrors } from '../catalog/read-errors.js';
import type { CatalogReadService, Viewer } from '../catalog/read-service.js';
import { type LookupArgs, lookupKey, platformQuery, type QueryArgs, type VariantArgs, variantQuery } from './arguments.js';
import { translatingErrors } from './graphql-errors.js';
import { JsonScalar } from './json-scalar.js';

/** What the route puts in every operation's context. */
export interface GraphqlContext {
  /** the verified caller (invalid credentials are refused before GraphQL runs) */
  caller: Caller;
}

/** The reads the resolvers use. */
export type CatalogReads = Pick<
  CatalogReadService,
  'getProduct' | 'queryProducts' | 'getCollection' | 'queryCollections' | 'queryProductVariants'
>;

const viewerOf = (ctx: GraphqlContext): Viewer => ({ merchant: ctx.caller.kind === 'merchant' });

/** `null` instead of the "not found" error `code` (a lookup of something absent or hidden). */
async function orNull<T>(pending: Promise<T>, code: string): Promise<T | null> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof DomainError && error.code === code) return null;
    throw error;
  }
}

/** The resolver map for `createSchema`. */
export function catalogResolvers(reads: CatalogReads, errors: ErrorTable) {
  const run = <T>(fn: () => Promise<T>) => translatingErrors(errors, fn);
  return {
    JSON: JsonScalar,
    Query: {
      products: (_: unknown, args: QueryArgs, ctx: GraphqlContext) =>
        run(async () => {
          const query = platformQuery(args);
          const viewer = viewerOf(ctx);
          const page = await reads.queryProducts({ query, includeMerchantSpecificData: viewer.merchant, includeVariants: true }, viewer);
          return { items: page.products, total: page.metadata.total, offset: page.metadata.offset, limit: query.paging.limit };
        }),

      product: (_: unknown, args: LookupArgs, ctx: GraphqlContext) =>
        run(async () => {
          const key = lookupKey(args);
          const viewer = viewerOf(ctx);
          const include = { includeMerchantSpecificData: viewer.merchant, includeVariants: true };
          if ('id' in key) return orNull(reads.getProduct(key.id, viewer, include), CatalogReadErrors.PRODUCT_NOT_FOUND);
          // By slug through the query language: the same visibility rule, one indexed lookup.
          const query = { filter: { slug: { $eq: key.slug } }, paging: { limit: 1 } };
          return (await reads.queryProducts({ query, ...include }, viewer)).products[0] ?? null;
        }),

      collections: (_: unknown, args: QueryArgs, ctx: GraphqlContext) =>
        run(async () => {
          const query = platformQuery(args);
          const page = await reads.queryCollections(query, viewerOf(ctx));
          return { items: page.collections, total: page.metadata.total, offset: page.metadata.offset, limit: query.paging.limit };
        }),

      collection: (_: unknown, args: LookupArgs, ctx: GraphqlContext) =>
        run(async () => orNull(reads.getCollection(lookupKey(args), viewerOf(ctx), 'v2'), CatalogReadErrors.COLLECTION_NOT_FOUND)),

      productVariants: (_: unknown, args: VariantArgs, ctx: GraphqlContext) =>
        run(async () => {
          const selection = variantQuery(args);
          const viewer = viewerOf(ctx);
          const page = await reads.queryProductVariants(
            args.productId,
            { ...selection, includeMerchantSpecificData: viewer.merchant },
            viewer,
          );
          return { items: page.variants, total: page.totalResults, offset: page.metadata.offset, limit: selection.paging.limit };
        }),
    },
  };
}
