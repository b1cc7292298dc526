/**
 * What the readers of other platforms' product CSV files (`import-shopify.ts`, `import-wix.ts`)
 * share: the records grouped by the column naming their product, cells read by the platform's
 * column names (case and spacing aside, and under any other spelling the platform has used, so a
 * reader names each column once; columns a reader does not know are left alone), and typed cell
 * readers that report a bad cell with its line and column as the file names it.
 */
import { type CsvRecord, CsvSyntaxError, parseCsv } from './csv.js';
import type { RowError } from './import-rows.js';

/** One record: its line in the file and its cells by the reader's column names. */
export interface TableRecord {
  line: number;
  cell(column: string): string | undefined;
  /** the column as this file spells it (the reader's name when the file has no such column) */
  columnName(column: string): string;
}

/**
 * The other spellings of a reader's columns, by the reader's name: Shopify's newer files call
 * `Handle` `URL handle`. Each is matched as exactly as the reader's name (case and spacing aside).
 */
export type ColumnSpellings = Readonly<Record<string, readonly string[]>>;

/** A header cell as compared: `  Option1  Name` → `option1 name`. */
export const headerKey = (cell: string) => cell.trim().replace(/\s+/g, ' ').toLowerCase();

/** Where each of a reader's columns is in a header, under its name or another spelling. */
function columnIndex(header: string[], spellings: ColumnSpellings) {
  const keys = header.map(headerKey);
  const found = new Map<string, number>();
  return (column: string): number => {
    let i = found.get(column);
    if (i === undefined) {
      const names = [column, ...(spellings[column] ?? [])].map(headerKey);
      i = keys.findIndex((key) => names.includes(key));
      found.set(column, i);
    }
    return i;
  };
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
export function groupedRecords(
  text: string,
  options: { groupBy: string; required: string[]; spellings?: ColumnSpellings },
): { groups: RecordGroup[]; errors: RowError[] } {
  const table = headedRecords(text);
  if ('errors' in table) return { groups: [], errors: table.errors };
  const { header, body } = table;
  const spellings = options.spellings ?? {};
  const indexOf = columnIndex(header.fields, spellings);
  const columnName = (column: string) => header.fields[indexOf(column)]?.trim() ?? column;
  const missing = options.required.filter((column) => indexOf(column) < 0);
  if (missing.length)
    return {
      groups: [],
      errors: missing.map((field) => {
        const others = spellings[field] ?? [];
        return { line: header.line, field, message: `the column is required${others.length ? ` (or ${others.join(', ')})` : ''}` };
      }),
    };
  const groups = new Map<string, RecordGroup>();
  const errors: RowError[] = [];
  const width = header.fields.length;
  for (const csvRecord of body) {
    if (csvRecord.fields.length !== width) {
      errors.push({ line: csvRecord.line, message: `has ${csvRecord.fields.length} fields; the header has ${width}` });
      continue;
    }
    const key = (csvRecord.fields[indexOf(options.groupBy)] ?? '').trim();
    if (!key) {
      errors.push({ line: csvRecord.line, field: columnName(options.groupBy), message: 'is required' });
      continue;
    }
    const record: TableRecord = {
      line: csvRecord.line,
      cell(column) {
        const i = indexOf(column);
        const value = i < 0 ? undefined : csvRecord.fields[i]?.trim();
        return value === '' ? undefined : value;
      },
      columnName,
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
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { errors: [{ line: error.line, message: error.message.replace(/^line \d+: /, '') }] };
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { errors: [{ line: 1, message: 'the file is empty (a header line is expected)' }] };
  return { header, body };
}

/** Typed readers of a record's cells; a cell not of its kind adds a problem and reads as undefined. */
export function cellsOf(record: TableRecord, errors: RowError[]) {
  const fail = (column: string, message: string) => {
    errors.push({ line: record.line, field: record.columnName(column), message });
    return undefined;
  };
  return {
    text: (column: string) => record.cell(column),
    number(column: string): number | undefined {
      const value = record.cell(column);
      if (value === undefined) return undefined;
      if (!/^\d+(\.\d+)?$/.test(value)) return fail(column, 'must be a number ≥ 0');
      return Number(value);
    },
    /** a whole number; `negative: 'zero'` reads a negative one as 0 (stock sold beyond what was there) */
    integer(column: string, options: { negative?: 'zero' } = {}): number | undefined {
      const value = record.cell(column);
      if (value === undefined) return undefined;
      if (options.negative === 'zero' && /^-\d+$/.test(value)) return 0;
      if (!/^\d+$/.test(value)) return fail(column, 'must be a whole number ≥ 0');
      return Number(value);
    },
    bool(column: string): boolean | undefined {
      const value = record.cell(column)?.toLowerCase();
      if (value === undefined) return undefined;
      if (value === 'true' || value === 'yes' || value === '1') return true;
      if (value === 'false' || value === 'no' || value === '0') return false;
      return fail(column, 'must be true or false');
    },
    fail,
  };
}

/** A cell's list: `a; b;c` → `['a', 'b', 'c']`. */
export const listOf = (cell: string | undefined, separator: string | RegExp = ';') =>
  (cell ?? '')
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);

/** The input without keys whose value is undefined (the product schema is strict about what is present). */
export function definedOnly<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
