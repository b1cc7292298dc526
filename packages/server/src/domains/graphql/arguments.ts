/**
 * The GraphQL arguments checked with the REST reads' own schemas (`read-schemas.ts`), so a page
 * is at most 100 items and a bad argument is the same field violation on both APIs. Violations
 * name the argument (`paging.limit`, `filter.colour`).
 */
import { type FieldViolation, ValidationFailure } from '../../platform/errors.js';
import { safeParseReportingInput, violationsFromZod } from '../../platform/field-violations.js';
import { DEFAULT_LIMIT } from '../catalog/query/filter-types.js';
import type { WireQuery } from '../catalog/query/parse-query.js';
import { IdParams, PlatformQuery, QueryProductVariantsRequest, SlugParams } from '../catalog/read-schemas.js';

/** `products(filter, sort, paging)` and `collections(...)`. */
export interface QueryArgs {
  filter?: unknown;
  sort?: { fieldName: string; order?: 'ASC' | 'DESC' | null }[] | null;
  paging?: { limit?: number | null; offset?: number | null } | null;
}

/** `product(id, slug)` and `collection(id, slug)`. */
export interface LookupArgs {
  id?: string | null;
  slug?: string | null;
}

/** `productVariants(productId, choices, variantIds, paging)`. */
export interface VariantArgs {
  productId: string;
  choices?: unknown;
  variantIds?: string[] | null;
  paging?: QueryArgs['paging'];
}

function check<T>(result: { success: true; data: T } | { success: false; error: { issues: Parameters<typeof violationsFromZod>[0] } }): T {
  if (!result.success) throw new ValidationFailure(violationsFromZod(result.error.issues));
  return result.data;
}

/** The arguments as the REST reads' platform query, paging filled in. @throws ValidationFailure */
export function platformQuery(args: QueryArgs): WireQuery & { paging: { limit: number; offset: number } } {
  const query = check(safeParseReportingInput(PlatformQuery, { filter: args.filter, sort: args.sort, paging: args.paging }));
  return { ...query, paging: { limit: query.paging?.limit ?? DEFAULT_LIMIT, offset: query.paging?.offset ?? 0 } };
}

/** Exactly one of `id` and `slug`. @throws ValidationFailure */
export function lookupKey(args: LookupArgs): { id: string } | { slug: string } {
  const hasId = args.id !== undefined && args.id !== null;
  const hasSlug = args.slug !== undefined && args.slug !== null;
  if (hasId === hasSlug) {
    const violation: FieldViolation = { field: 'id', description: 'give exactly one of id and slug', violatedRule: 'ONE_OF_ALIGNMENT' };
    throw new ValidationFailure([violation]);
  }
  if (hasId) return check(safeParseReportingInput(IdParams, { id: args.id }));
  return check(safeParseReportingInput(SlugParams, { slug: args.slug }));
}

/** The variant selection as the REST `variants/query` body. @throws ValidationFailure */
export function variantQuery(args: VariantArgs) {
  const request = check(
    safeParseReportingInput(QueryProductVariantsRequest, { choices: args.choices, variantIds: args.variantIds, paging: args.paging }),
  );
  return { ...request, paging: { limit: request.paging?.limit ?? DEFAULT_LIMIT, offset: request.paging?.offset ?? 0 } };
}
