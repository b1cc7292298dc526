import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthErrors } from '../../platform/caller.js';
import { DomainError, ValidationFailure } from '../../platform/errors.js';
import { violationsFromZod } from '../../platform/field-violations.js';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import { installGeneratedSerializer } from '../../platform/http/generated-serializer.js';
import { QUERY_BODY_LIMIT } from '../../platform/http/query-body-limit.js';
import { payloadFromQueryString } from './query/query-string.js';
import { QueryString } from './read-schemas.js';
import { SearchProductsRequest, SearchProductsResponse, SuggestionsQuery, SuggestionsResponse } from './search-schemas.js';
import type { CatalogSearchService } from './search-service.js';

/** Vitrine's own extension of the catalogue reads: the reference has no search, so its paths are ours. */
const BASE = '/_api/vitrine/v1/search';
const tags = ['search'];
const errors = { 400: ValidationErrorResponse.or(ApplicationErrorResponse), 401: ApplicationErrorResponse };

/** Anyone may search the visible catalogue; credentials that do not verify are refused. @throws DomainError UNAUTHENTICATED */
function checkCaller(request: FastifyRequest): void {
  if (request.caller.kind === 'invalid') throw new DomainError(AuthErrors.UNAUTHENTICATED);
}

type QueryParams = Record<string, string | string[] | undefined>;

/**
 * A search GET's request: `.r`, or dotted parameters where `text` stays text (`?text=123` is not
 * the number the dotted reading would make of it).
 * @throws ValidationFailure as `payloadFromQueryString`
 */
function searchFromQueryString(params: QueryParams): SearchProductsRequest {
  const { text, ...rest } = params;
  const request = payloadFromQueryString(rest, SearchProductsRequest);
  if (text === undefined) return request;
  const parsed = SearchProductsRequest.safeParse({ ...request, text }, { reportInput: true });
  if (!parsed.success) throw new ValidationFailure(violationsFromZod(parsed.error.issues));
  return parsed.data;
}

/**
 * Product search (issue #22): `GET …/products` with the request as `.r` (base64url JSON, as the
 * catalogue's query endpoints take it) or the same request as a POST body (the long-GET fallback);
 * `GET …/suggestions?text=` for search as you type.
 */
export async function catalogSearchRoutes(app: FastifyInstance, deps: { search: CatalogSearchService }): Promise<void> {
  // Answers of 20 products with their facets: generated serializers, not a zod parse of each answer.
  installGeneratedSerializer(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    `${BASE}/products`,
    {
      schema: {
        tags,
        summary: 'Search products: `.r` = base64url JSON {text, query: {filter, sort}, selected, facets, paging}',
        querystring: QueryString,
        response: { 200: SearchProductsResponse, ...errors },
      },
    },
    async (request) => {
      checkCaller(request);
      return deps.search.search(searchFromQueryString(request.query as QueryParams));
    },
  );
  typed.post(
    `${BASE}/products`,
    {
      bodyLimit: QUERY_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Search products (the long-GET fallback: the same request as a JSON body)',
        body: SearchProductsRequest,
        response: { 200: SearchProductsResponse, ...errors },
      },
    },
    async (request) => {
      checkCaller(request);
      return deps.search.search(request.body);
    },
  );

  typed.get(
    `${BASE}/suggestions`,
    {
      schema: {
        tags,
        summary: 'Suggestions as the shopper types: the best few products and matching collections',
        querystring: SuggestionsQuery,
        response: { 200: SuggestionsResponse, ...errors },
      },
    },
    async (request) => {
      checkCaller(request);
      return deps.search.suggest(request.query.text, request.query.limit ?? 5);
    },
  );
}
