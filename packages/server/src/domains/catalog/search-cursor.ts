/**
 * Search cursors: the offset of the next page, tied to the search it continues (a digest of the
 * request without its paging), so a cursor given to another search is refused, not misread.
 */
import { createHash } from 'node:crypto';
import { ValidationFailure } from '../../platform/errors.js';

const FIELD = 'paging.cursor';

/** A digest of what a search asks, paging left out. */
export function searchDigest(request: object): string {
  const { paging: _paging, ...asked } = request as { paging?: unknown };
  return createHash('sha256').update(JSON.stringify(asked)).digest('base64url').slice(0, 16);
}

/** The cursor of the page starting at `offset` of the search with `digest`. */
export function encodeCursor(offset: number, digest: string): string {
  return Buffer.from(JSON.stringify({ offset, search: digest })).toString('base64url');
}

/**
 * The offset a cursor continues at.
 * @throws ValidationFailure `paging.cursor` when it is not a cursor, or one of another search
 */
export function decodeCursor(cursor: string, digest: string): number {
  let read: unknown;
  try {
    read = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    read = undefined;
  }
  const { offset, search } = (read ?? {}) as { offset?: unknown; search?: unknown };
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
    throw new ValidationFailure([{ field: FIELD, description: 'is not a cursor of a search', violatedRule: 'FORMAT' }]);
  }
  if (search !== digest) {
    throw new ValidationFailure([{ field: FIELD, description: 'belongs to another search', violatedRule: 'VALIDATION' }]);
  }
  return offset;
}
