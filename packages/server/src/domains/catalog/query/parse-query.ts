import { type FieldViolation, ValidationFailure } from '../../../platform/errors.js';
import { DEFAULT_LIMIT, type EntityQuerySpec, type ParsedQuery, type SortTerm } from './filter-types.js';
import { parseFilter } from './parse-filter.js';

/** A query object as the wire carries it (types already checked by the request schema). */
export interface WireQuery {
  filter?: Record<string, unknown> | null;
  sort?: { fieldName?: string | null; order?: 'ASC' | 'DESC' | null }[] | null;
  paging?: { limit?: number | null; offset?: number | null } | null;
}

/**
 * The sort keys with the id tie-breaker appended (in the direction of the last key, so a one-key
 * sort is served by its `(key, id)` index in either direction). A key given twice counts once.
 */
function sortTerms(raw: WireQuery['sort'], spec: EntityQuerySpec, violations: FieldViolation[]): SortTerm[] {
  const terms: SortTerm[] = [];
  (raw ?? []).forEach((entry, i) => {
    const name = entry.fieldName ?? '';
    if (!Object.hasOwn(spec.sort, name)) {
      violations.push({
        field: `query.sort[${i}].fieldName`,
        description: `must be one of ${Object.keys(spec.sort).join(', ')}`,
        violatedRule: 'INVALID_ENUM_VALUE',
      });
    } else if (!terms.some((term) => term.fieldName === name)) {
      terms.push({ fieldName: name, order: entry.order ?? 'ASC' });
    }
  });
  const chosen = terms.length ? terms : spec.defaultSort;
  const idAt = chosen.findIndex((term) => term.fieldName === spec.idField);
  if (idAt >= 0) return chosen.slice(0, idAt + 1); // keys after a unique key never matter
  return [...chosen, { fieldName: spec.idField, order: chosen.at(-1)?.order ?? 'ASC' }];
}

/**
 * Validates a wire query against an entity's whitelist: filter fields and operators, sort fields;
 * fills the default paging.
 * @throws ValidationFailure listing every violation (`query.filter.colour`, `query.sort[0].fieldName`)
 */
export function parseQuery(raw: WireQuery | null | undefined, spec: EntityQuerySpec): ParsedQuery {
  const { filter, violations } = parseFilter(raw?.filter, spec.filter);
  const sort = sortTerms(raw?.sort, spec, violations);
  if (violations.length) throw new ValidationFailure(violations);
  return { filter, sort, paging: { limit: raw?.paging?.limit ?? DEFAULT_LIMIT, offset: raw?.paging?.offset ?? 0 } };
}
