import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Load } from '../../platform/cache/loading-cache.js';
import { AuthErrors } from '../../platform/caller.js';
import { DomainError } from '../../platform/errors.js';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import { payloadFromQueryString } from './query/query-string.js';
import type { CatalogCache } from './read-cache.js';
import {
  CollectionResponse,
  EchoQuery,
  GetProductQuery,
  IdParams,
  OptionsAvailabilityRequest,
  OptionsAvailabilityResponse,
  ProductResponse,
  QueryCollectionsResponse,
  QueryProductsRequest,
  QueryProductsResponse,
  QueryProductVariantsRequest,
  QueryProductVariantsResponse,
  QueryRequest,
  QueryStoreVariantsResponse,
  QueryString,
  SlugParams,
  StoreVariantResponse,
} from './read-schemas.js';
import type { CatalogReadService, Viewer } from './read-service.js';

const tags = ['catalog'];
const errors = { 400: ValidationErrorResponse.or(ApplicationErrorResponse), 401: ApplicationErrorResponse };
const notFound = { ...errors, 404: ApplicationErrorResponse };

/**
 * Who reads: anyone may read the visible catalogue (a visitor or member token, or none); the API key
 * is the merchant. @throws DomainError UNAUTHENTICATED for credentials that do not verify
 */
function viewerOf(request: FastifyRequest): Viewer {
  if (request.caller.kind === 'invalid') throw new DomainError(AuthErrors.UNAUTHENTICATED);
  return { merchant: request.caller.kind === 'merchant' };
}

type QueryParams = Record<string, string | string[] | undefined>;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Serializes an answer with the route's own serializer (the app's compiler on the route's response
 * schema), so the bytes the cache keeps are what the route would send: the cache holds the
 * serializer's output, made once per fill, and a hit is not serialized again.
 */
function toJson(schema: z.ZodType, url: string): (data: unknown) => Buffer {
  const serialize = serializerCompiler({ schema, method: 'GET', url }) as (data: unknown) => string;
  return (data) => Buffer.from(serialize(data));
}

/** The cache's answer for a key: the JSON bytes at once on a hit, else the promise of them (`load` runs on a miss). */
type Lookup = (load: Load<Buffer>) => Buffer | Promise<Buffer>;

/**
 * Sends a shopper's answer through the hot-read cache (`lookup`), or `load`s it as usual for a
 * merchant or without a cache: merchant answers are never cached. A hit is sent at once and nothing
 * is returned (no promise for Fastify to wait on, #23); a miss answers a promise that sends when loaded.
 */
function answer<T>(
  reply: FastifyReply,
  viewer: Viewer,
  lookup: Lookup | undefined,
  load: () => Promise<T>,
  json: (data: unknown) => Buffer,
): Promise<T | undefined> | undefined {
  if (viewer.merchant || !lookup) return load();
  const send = (bytes: Buffer): undefined => {
    reply.type(JSON_TYPE).send(bytes);
    return undefined;
  };
  const held = lookup(async () => json(await load()));
  return held instanceof Promise ? held.then(send) : send(held);
}

/**
 * The catalogue reads (spec §7 "Catalogue read"), at the spec-era paths the SDK calls and the
 * latest reference's paths as aliases (`/stores-reader/v1/collections/slug/…`, `/v2/collections/…`).
 * Query endpoints take GET (`.r` or dotted parameters) and the same payload as a POST body (the
 * long-GET fallback).
 */
export async function catalogReadRoutes(
  app: FastifyInstance,
  deps: { catalogReads: CatalogReadService; cache?: CatalogCache },
): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();
  const catalog = deps.catalogReads;
  const cache = deps.cache;
  const productJson = toJson(ProductResponse, '/stores-reader/v1/products/:id');
  const productsJson = toJson(QueryProductsResponse, '/stores-reader/v1/products/query-platformized');
  const collectionJson = toJson(CollectionResponse, '/v1/collections/slug/:slug');
  const collectionsJson = toJson(QueryCollectionsResponse, '/stores-reader/v2/collections/query');
  const availabilityJson = toJson(OptionsAvailabilityResponse, '/stores-reader/v1/products/:id/productOptionsAvailability');
  // Shoppers' answers do not depend on includeMerchantSpecificData: the id (or request) is the key.
  const byProductId = (id: string): Lookup | undefined => cache && ((load) => cache.product(id.toLowerCase(), load));
  const byQuery = (req: QueryProductsRequest): Lookup | undefined => cache && ((load) => cache.query(JSON.stringify(req), load));
  const byCollection = (key: string): Lookup | undefined => cache && ((load) => cache.collection(key, load));
  // Every storefront page lists the shop's collections (#23): the validated query is the key, under both bases.
  const byCollectionQuery = (query: QueryRequest['query']): Lookup | undefined => byCollection(`query ${JSON.stringify(query ?? null)}`);
  // Every product page with options asks for its first selection's availability (#23). Stock is in the answer:
  // kept with the query answers, which every catalogue change forgets (stock changes publish product events).
  const byAvailability = (id: string, options: Record<string, string>): Lookup | undefined =>
    cache && ((load) => cache.query(`availability ${id.toLowerCase()} ${JSON.stringify(options)}`, load));

  router.get(
    '/stores-reader/v1/products/:id',
    {
      schema: {
        tags,
        summary: 'Get a product (cost and profit with includeMerchantSpecificData, merchants only)',
        params: IdParams,
        querystring: GetProductQuery,
        response: { 200: ProductResponse, ...notFound },
      },
    },
    (req, reply) => {
      const viewer = viewerOf(req);
      const include = req.query.includeMerchantSpecificData === 'true';
      const load = async () => ({ product: await catalog.getProduct(req.params.id, viewer, { includeMerchantSpecificData: include }) });
      return answer(reply, viewer, byProductId(req.params.id), load, productJson);
    },
  );

  const queryProducts = '/stores-reader/v1/products/query-platformized';
  router.get(
    queryProducts,
    {
      schema: {
        tags,
        summary: 'Query products: `.r` = base64url JSON {query: {filter, sort, paging}, includeMerchantSpecificData?}',
        querystring: QueryString,
        response: { 200: QueryProductsResponse, ...errors },
      },
    },
    (req, reply) => {
      const viewer = viewerOf(req);
      const payload = payloadFromQueryString(req.query as QueryParams, QueryProductsRequest);
      return answer(reply, viewer, byQuery(payload), () => catalog.queryProducts(payload, viewer), productsJson);
    },
  );
  router.post(
    queryProducts,
    {
      schema: {
        tags,
        summary: 'Query products (the long-GET fallback: the same payload as a JSON body)',
        body: QueryProductsRequest,
        response: { 200: QueryProductsResponse, ...errors },
      },
    },
    (req, reply) => {
      const viewer = viewerOf(req);
      return answer(reply, viewer, byQuery(req.body), () => catalog.queryProducts(req.body, viewer), productsJson);
    },
  );

  for (const path of ['/v1/collections/slug/:slug', '/stores-reader/v1/collections/slug/:slug']) {
    router.get(
      path,
      {
        schema: {
          tags,
          summary: 'Get a collection by slug (v1 shape)',
          params: SlugParams,
          querystring: EchoQuery,
          response: { 200: CollectionResponse, ...notFound },
        },
      },
      (req, reply) => {
        const viewer = viewerOf(req);
        const load = async () => ({ collection: await catalog.getCollection({ slug: req.params.slug }, viewer, 'v1') });
        return answer(reply, viewer, byCollection(`v1 slug ${req.params.slug}`), load, collectionJson);
      },
    );
  }

  for (const base of ['/stores-reader/v2/collections', '/v2/collections']) {
    router.get(
      `${base}/query`,
      {
        schema: {
          tags,
          summary: 'Query collections: `.r` = base64url JSON {query: {filter, sort, paging}}',
          querystring: QueryString,
          response: { 200: QueryCollectionsResponse, ...errors },
        },
      },
      (req, reply) => {
        const viewer = viewerOf(req);
        const { query } = payloadFromQueryString(req.query as QueryParams, QueryRequest);
        return answer(reply, viewer, byCollectionQuery(query), () => catalog.queryCollections(query, viewer), collectionsJson);
      },
    );
    router.post(
      `${base}/query`,
      {
        schema: {
          tags,
          summary: 'Query collections (the long-GET fallback)',
          body: QueryRequest,
          response: { 200: QueryCollectionsResponse, ...errors },
        },
      },
      (req, reply) => {
        const viewer = viewerOf(req);
        return answer(
          reply,
          viewer,
          byCollectionQuery(req.body.query),
          () => catalog.queryCollections(req.body.query, viewer),
          collectionsJson,
        );
      },
    );
    router.get(
      `${base}/slug/:slug`,
      {
        schema: {
          tags,
          summary: 'Get a collection by slug (v2 shape)',
          params: SlugParams,
          querystring: EchoQuery,
          response: { 200: CollectionResponse, ...notFound },
        },
      },
      (req, reply) => {
        const viewer = viewerOf(req);
        const load = async () => ({ collection: await catalog.getCollection({ slug: req.params.slug }, viewer, 'v2') });
        return answer(reply, viewer, byCollection(`v2 slug ${req.params.slug}`), load, collectionJson);
      },
    );
    router.get(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: 'Get a collection (v2 shape)',
          params: IdParams,
          querystring: EchoQuery,
          response: { 200: CollectionResponse, ...notFound },
        },
      },
      (req, reply) => {
        const viewer = viewerOf(req);
        const load = async () => ({ collection: await catalog.getCollection({ id: req.params.id }, viewer, 'v2') });
        return answer(reply, viewer, byCollection(`v2 id ${req.params.id.toLowerCase()}`), load, collectionJson);
      },
    );
  }

  router.post(
    '/stores-reader/v1/products/:id/productOptionsAvailability',
    {
      schema: {
        tags,
        summary: 'Choice availability for a selection of options, and the variant it selects',
        params: IdParams,
        body: OptionsAvailabilityRequest,
        response: { 200: OptionsAvailabilityResponse, ...notFound },
      },
    },
    (req, reply) => {
      const viewer = viewerOf(req);
      const load = () => catalog.productOptionsAvailability(req.params.id, req.body.options, viewer);
      return answer(reply, viewer, byAvailability(req.params.id, req.body.options), load, availabilityJson);
    },
  );

  router.post(
    '/stores-reader/v1/products/:id/variants/query',
    {
      schema: {
        tags,
        summary: "Query a product's variants by choices and/or ids",
        params: IdParams,
        body: QueryProductVariantsRequest,
        response: { 200: QueryProductVariantsResponse, ...notFound },
      },
    },
    async (req) => catalog.queryProductVariants(req.params.id, req.body, viewerOf(req)),
  );

  router.post(
    '/stores-reader/v1/variants/query',
    {
      schema: {
        tags,
        summary: 'Query store variants (variants with their product data)',
        body: QueryRequest,
        response: { 200: QueryStoreVariantsResponse, ...errors },
      },
    },
    async (req) => catalog.queryStoreVariants(req.body.query, viewerOf(req)),
  );

  router.get(
    '/stores-reader/v1/variants/:id',
    {
      schema: {
        tags,
        summary: 'Get a store variant by `<productId>-<variantId>`',
        params: IdParams,
        querystring: EchoQuery,
        response: { 200: StoreVariantResponse, ...notFound },
      },
    },
    async (req) => ({ variant: await catalog.getStoreVariant(req.params.id, viewerOf(req)) }),
  );
}
