/**
 * What the readers of other platforms' product CSV files (`import-shopify.ts`, `import-wix.ts`)
 * share: the records grouped by the column naming their product, cells read by the platform's
 * column names (case and surrounding spaces aside; columns a reader does not know are left alone),
 * and typed cell readers that report a bad cell with its line and column as the file names it.
 */
import { type CsvRecord, CsvSyntaxError, parseCsv } from './csv.js';
import type { RowError } from './import-rows.js';

/** One record: its line in the file and its cells by (lower-cased) column. */
export interface TableRecord {
  line: number;
  cell(column: string): string | undefined;
}

/** The records of a product, in file order (the first is the product's own). */
export interface RecordGroup {
  key: string;
  records: TableRecord[];
}

/**
 * The records of a CSV text grouped by the `groupBy` column (in the order each group first appears),
 * or the problems that stop reading: a syntax error, an empty file, a missing required column.
 */
export function groupedRecords(text: string, groupBy: string, required: string[]): { groups: RecordGroup[]; errors: RowError[] } {
  const table = headedRecords(text);
  if ('errors' in table) return { groups: [], errors: table.errors };
  const { header, body } = table;
  const columns = header.fields.map((h) => h.trim().toLowerCase());
  const missing = required.filter((c) => !columns.includes(c.toLowerCase()));
  if (missing.length)
    return { groups: [], errors: missing.map((field) => ({ line: header.line, field, message: 'the column is required' })) };
  const groups = new Map<string, RecordGroup>();
  const errors: RowError[] = [];
  const keyColumn = columns.indexOf(groupBy.toLowerCase());
  for (const r of body) {
    if (r.fields.length !== columns.length) {
      errors.push({ line: r.line, message: `has ${r.fields.length} fields; the header has ${columns.length}` });
      continue;
    }
    const key = (r.fields[keyColumn] ?? '').trim();
    if (!key) {
      errors.push({ line: r.line, field: groupBy, message: 'is required' });
      continue;
    }
    const record: TableRecord = {
      line: r.line,
      cell(column) {
        const i = columns.indexOf(column.toLowerCase());
        const v = i < 0 ? undefined : r.fields[i]?.trim();
        return v === '' ? undefined : v;
      },
    };
    const group = groups.get(key) ?? { key, records: [] };
    group.records.push(record);
    groups.set(key, group);
  }
  return { groups: [...groups.values()], errors };
}

/** A CSV text's header and records, or the problem that stops reading it (a syntax error, an empty file). */
export function headedRecords(text: string): { header: CsvRecord; body: CsvRecord[] } | { errors: RowError[] } {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (e) {
    if (e instanceof CsvSyntaxError) return { errors: [{ line: e.line, message: e.message.replace(/^line \d+: /, '') }] };
    throw e;
  }
  const [header, ...body] = records;
  if (!header) return { errors: [{ line: 1, message: 'the file is empty (a header line is expected)' }] };
  return { header, body };
}

/** Typed readers of a record's cells; a cell not of its kind adds a problem and reads as undefined. */
export function cellsOf(record: TableRecord, errors: RowError[]) {
  const fail = (column: string, message: string) => {
    errors.push({ line: record.line, field: column, message });
    return undefined;
  };
  return {
    text: (column: string) => record.cell(column),
    number(column: string): number | undefined {
      const v = record.cell(column);
      if (v === undefined) return undefined;
      if (!/^\d+(\.\d+)?$/.test(v)) return fail(column, 'must be a number ≥ 0');
      return Number(v);
    },
    /** a whole number; `negative: 'zero'` reads a negative one as 0 (stock sold beyond what was there) */
    integer(column: string, o: { negative?: 'zero' } = {}): number | undefined {
      const v = record.cell(column);
      if (v === undefined) return undefined;
      if (o.negative === 'zero' && /^-\d+$/.test(v)) return 0;
      if (!/^\d+$/.test(v)) return fail(column, 'must be a whole number ≥ 0');
      return Number(v);
    },
    bool(column: string): boolean | undefined {
      const v = record.cell(column)?.toLowerCase();
      if (v === undefined) return undefined;
      if (v === 'true' || v === 'yes' || v === '1') return true;
      if (v === 'false' || v === 'no' || v === '0') return false;
      return fail(column, 'must be true or false');
    },
    fail,
  };
}

/** A cell's list: `a; b;c` → `['a', 'b', 'c']`. */
export const listOf = (cell: string | undefined, separator: string | RegExp = ';') =>
  (cell ?? '')
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);

/** The input without keys whose value is undefined (the product schema is strict about what is present). */
export function definedOnly<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
