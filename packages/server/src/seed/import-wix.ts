import type { ReadRows } from './import-rows.js';

export function rowsFromWix(_text: string): ReadRows {
  return { rows: [], errors: [{ line: 1, message: 'Wix files are not read yet' }] };
}
