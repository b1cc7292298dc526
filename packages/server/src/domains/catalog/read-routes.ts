import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthErrors } from '../../platform/caller.js';
import { DomainError } from '../../platform/errors.js';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import { payloadFromQueryString } from './query/query-string.js';
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

/**
 * The catalogue reads (spec §7 "Catalogue read"), at the spec-era paths the SDK calls and the
 * latest reference's paths as aliases (`/stores-reader/v1/collections/slug/…`, `/v2/collections/…`).
 * Query endpoints take GET (`.r` or dotted parameters) and the same payload as a POST body (the
 * long-GET fallback).
 */
export async function catalogReadRoutes(app: FastifyInstance, deps: { catalogReads: CatalogReadService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.catalogReads;

  r.get(
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
    async (req) => {
      const include = req.query.includeMerchantSpecificData === 'true';
      return { product: await s.getProduct(req.params.id, viewerOf(req), { includeMerchantSpecificData: include }) };
    },
  );

  const queryProducts = '/stores-reader/v1/products/query-platformized';
  r.get(
    queryProducts,
    {
      schema: {
        tags,
        summary: 'Query products: `.r` = base64url JSON {query: {filter, sort, paging}, includeMerchantSpecificData?}',
        querystring: QueryString,
        response: { 200: QueryProductsResponse, ...errors },
      },
    },
    async (req) => s.queryProducts(payloadFromQueryString(req.query as QueryParams, QueryProductsRequest), viewerOf(req)),
  );
  r.post(
    queryProducts,
    {
      schema: {
        tags,
        summary: 'Query products (the long-GET fallback: the same payload as a JSON body)',
        body: QueryProductsRequest,
        response: { 200: QueryProductsResponse, ...errors },
      },
    },
    async (req) => s.queryProducts(req.body, viewerOf(req)),
  );

  for (const path of ['/v1/collections/slug/:slug', '/stores-reader/v1/collections/slug/:slug']) {
    r.get(
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
      async (req) => ({ collection: await s.getCollection({ slug: req.params.slug }, viewerOf(req), 'v1') }),
    );
  }

  for (const base of ['/stores-reader/v2/collections', '/v2/collections']) {
    r.get(
      `${base}/query`,
      {
        schema: {
          tags,
          summary: 'Query collections: `.r` = base64url JSON {query: {filter, sort, paging}}',
          querystring: QueryString,
          response: { 200: QueryCollectionsResponse, ...errors },
        },
      },
      async (req) => s.queryCollections(payloadFromQueryString(req.query as QueryParams, QueryRequest).query, viewerOf(req)),
    );
    r.post(
      `${base}/query`,
      {
        schema: {
          tags,
          summary: 'Query collections (the long-GET fallback)',
          body: QueryRequest,
          response: { 200: QueryCollectionsResponse, ...errors },
        },
      },
      async (req) => s.queryCollections(req.body.query, viewerOf(req)),
    );
    r.get(
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
      async (req) => ({ collection: await s.getCollection({ slug: req.params.slug }, viewerOf(req), 'v2') }),
    );
    r.get(
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
      async (req) => ({ collection: await s.getCollection({ id: req.params.id }, viewerOf(req), 'v2') }),
    );
  }

  r.post(
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
    async (req) => s.productOptionsAvailability(req.params.id, req.body.options, viewerOf(req)),
  );

  r.post(
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
    async (req) => s.queryProductVariants(req.params.id, req.body, viewerOf(req)),
  );

  r.post(
    '/stores-reader/v1/variants/query',
    {
      schema: {
        tags,
        summary: 'Query store variants (variants with their product data)',
        body: QueryRequest,
        response: { 200: QueryStoreVariantsResponse, ...errors },
      },
    },
    async (req) => s.queryStoreVariants(req.body.query, viewerOf(req)),
  );

  r.get(
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
    async (req) => ({ variant: await s.getStoreVariant(req.params.id, viewerOf(req)) }),
  );
}
