import { AuthErrors } from './platform/caller.js';
import type { ErrorTable } from './platform/errors.js';

/** Every domain's error codes in one table: code → HTTP status and wire body. */
export const errorTable: ErrorTable = {
  ...AuthErrors.table,
};
