/**
 * Import rows from a CSV file: a header naming the columns (any order, case and `_`/space/dash
 * spelling), then one product a record. Values are checked for their column's kind here (numbers,
 * booleans, lists); the product rules are checked by the import with the write API's own rules.
 * A record with the handle of the product above it and no name is one of that product's variants:
 * its `option1_values …` hold one choice each, and its sku, price, quantity and in_stock are the
 * variant's own (what `vitrine export` writes for each variant).
 */
import { MAX_OPTIONS } from '../domains/catalog/product-rules.js';
import type { ProductInput } from '../domains/catalog/write-schemas.js';
import { checkLinks, type ImportRow, type ImportVariant, type ReadRows, type RowError } from './import-rows.js';
import { definedOnly, headedRecords } from './import-table.js';

/** The columns, with what `vitrine import --help` says of them. */
export const CSV_COLUMNS: [string, string][] = [
  ['handle', 'the product slug (lower-case, dashes); empty: made from the name'],
  ['name', 'required'],
  ['description', 'text or HTML'],
  ['type', 'physical (default) or digital'],
  ['price', 'required, a number ≥ 0 in the shop currency'],
  ['currency', 'optional; must be the shop currency'],
  ['discount_type', 'NONE, AMOUNT or PERCENT'],
  ['discount_value', 'the amount, or the percentage'],
  ['cost', 'a number ≥ 0 (merchants only see it)'],
  ['weight', 'a number ≥ 0'],
  ['sku, brand, ribbon', 'texts'],
  ['visible', 'true (default) or false'],
  ['quantity', 'an integer ≥ 0: inventory is tracked with this quantity'],
  ['in_stock', 'true (default) or false, for products without a quantity'],
  ['collections', 'collection slugs separated by ";" (missing collections are created)'],
  ['option1_name … option6_name', 'an option (Size, Color…)'],
  ['option1_values … option6_values', 'its choices separated by ";"'],
  ['option1_type … option6_type', 'drop_down (default) or color'],
  ['image_url', 'picture URLs separated by ";"'],
  ['(a variant line)', 'the handle of the product above, no name, one choice in each option1_values …, and the'],
  ['', "variant's own sku, price, quantity or in_stock (empty: the product's)"],
];

/** The columns a variant line may fill (besides the handle and its choices). */
const VARIANT_COLUMNS = ['sku', 'price', 'quantity', 'in_stock'];

/** The product columns besides the options' (`option1_name …`), in the order an export writes them. */
export const PRODUCT_COLUMNS = [
  'handle',
  'name',
  'description',
  'type',
  'price',
  'currency',
  'discount_type',
  'discount_value',
  'cost',
  'weight',
  'sku',
  'brand',
  'ribbon',
  'visible',
  'quantity',
  'in_stock',
  'collections',
  'image_url',
] as const;
const ALIASES: Record<string, string> = {
  slug: 'handle',
  collection: 'collections',
  image: 'image_url',
  images: 'image_url',
  image_urls: 'image_url',
};
const OPTION = /^option([1-6])_(name|values|type)$/;

/** A header cell as a column name: `Option 1 Name` → `option1_name`. */
function columnName(header: string): string {
  const count = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/^option_(\d)/, 'option$1');
  return ALIASES[count] ?? count;
}

/** The CSV name of a field of the product input, for problems found by the product rules. */
function csvFieldName(path: string): string {
  const option = /^productOptions\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (option) {
    const number = Number(option[1]) + 1;
    return option[2] === 'name' ? `option${number}_name` : option[2] === 'optionType' ? `option${number}_type` : `option${number}_values`;
  }
  const names: Record<string, string> = {
    slug: 'handle',
    productType: 'type',
    'priceData.price': 'price',
    'priceData.currency': 'currency',
    'costAndProfitData.itemCost': 'cost',
    'discount.type': 'discount_type',
    'discount.value': 'discount_value',
    'stock.quantity': 'quantity',
    'stock.inStock': 'in_stock',
    productOptions: 'options',
  };
  return names[path] ?? path;
}

const list = (cell: string | undefined) =>
  (cell ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);

/** Reads the rows of a CSV text. */
export function rowsFromCsv(text: string): ReadRows {
  const table = headedRecords(text);
  if ('errors' in table) return { rows: [], errors: table.errors };
  const { header, body } = table;
  const columns = header.fields.map(columnName);
  const errors: RowError[] = [];
  columns.forEach((column, i) => {
    if (!(PRODUCT_COLUMNS as readonly string[]).includes(column) && !OPTION.test(column))
      errors.push({ line: header.line, field: header.fields[i], message: 'is not a known column (see vitrine import --help)' });
    else if (columns.indexOf(column) !== i) errors.push({ line: header.line, field: header.fields[i], message: 'is a repeated column' });
  });
  for (const required of ['name', 'price']) {
    if (!columns.includes(required)) errors.push({ line: header.line, field: required, message: 'the column is required' });
  }
  if (errors.length) return { rows: [], errors };
  const rows: ImportRow[] = [];
  // The handle of the last product record, and its row when it had no problem: variant lines join it.
  let product: { handle: string | undefined; row: ImportRow | undefined } = { handle: undefined, row: undefined };
  for (const record of body) {
    if (record.fields.length !== columns.length) {
      errors.push({ line: record.line, message: `has ${record.fields.length} fields; the header has ${columns.length}` });
      continue;
    }
    const cells = new Map(columns.map((column, i) => [column, unescapeFormula(record.fields[i] as string)]));
    const handle = cells.get('handle')?.trim() || undefined;
    if (!cells.get('name')?.trim() && handle !== undefined && handle === product.handle) {
      const variant = csvVariant(record.line, cells, errors);
      if (variant && product.row) {
        product.row.variants = [...(product.row.variants ?? []), variant];
      }
      continue;
    }
    const row = csvRow(record.line, cells, errors);
    product = { handle, row };
    if (row) rows.push(row);
  }
  return { rows, errors };
}

/**
 * A cell as written before a spreadsheet's formula guard: `'=SUM(A1)` → `=SUM(A1)`. The export (and
 * most CSV writers, OWASP "CSV Injection") put a `'` before a cell starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return, so that a spreadsheet shows it as text.
 */
function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** A variant line (see the file comment); its problems go to `errors`. */
function csvVariant(line: number, cells: Map<string, string>, errors: RowError[]): ImportVariant | undefined {
  const before = errors.length;
  const cell = cellReader(line, cells, errors);
  for (const [column, value] of cells) {
    const allowed = column === 'handle' || VARIANT_COLUMNS.includes(column) || /^option\d_(values|name)$/.test(column);
    if (!allowed && value.trim() !== '')
      errors.push({ line, field: column, message: 'must be empty on a variant line (its product has it)' });
  }
  const choices: Record<string, string> = {};
  for (let number = 1; number <= MAX_OPTIONS; number++) {
    const name = cell.text(`option${number}_name`);
    const values = list(cells.get(`option${number}_values`));
    if (values.length === 0) continue;
    if (values.length > 1) cell.fail(`option${number}_values`, 'a variant line names one choice of each option');
    if (name === undefined) cell.fail(`option${number}_name`, `is required with option${number}_values`);
    else choices[name] = values[0] as string;
  }
  const price = cell.number('price');
  const quantity = cell.number('quantity', { integer: true });
  const inStock = cell.bool('in_stock');
  const sku = cell.text('sku');
  if (errors.length > before) return undefined;
  return definedOnly({ line, choices, sku, price, quantity, inStock });
}

/** Readers of one record's cells by column, each adding its problem to `errors` (and answering undefined) when the cell is not of its kind. */
function cellReader(line: number, cells: Map<string, string>, errors: RowError[]) {
  const fail = (field: string, message: string) => {
    errors.push({ line, field, message });
    return undefined;
  };
  const text = (column: string) => {
    const value = cells.get(column)?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const number = (column: string, options: { integer?: boolean } = {}) => {
    const value = text(column);
    if (value === undefined) return undefined;
    if (!(options.integer ? /^\d+$/ : /^\d+(\.\d+)?$/).test(value))
      return fail(column, options.integer ? 'must be a whole number ≥ 0' : 'must be a number ≥ 0');
    return Number(value);
  };
  const bool = (column: string) => {
    const value = text(column)?.toLowerCase();
    if (value === undefined) return undefined;
    if (['true', 'yes', '1'].includes(value)) return true;
    if (['false', 'no', '0'].includes(value)) return false;
    return fail(column, 'must be true or false');
  };
  return { fail, text, number, bool };
}

/** One record as a product row; its problems go to `errors` (and no row is answered). */
function csvRow(line: number, cells: Map<string, string>, errors: RowError[]): ImportRow | undefined {
  const before = errors.length;
  const { fail, text, number, bool } = cellReader(line, cells, errors);

  const name = text('name') ?? fail('name', 'is required');
  const price = text('price') === undefined ? fail('price', 'is required') : number('price');
  const type = text('type')?.toLowerCase();
  if (type !== undefined && type !== 'physical' && type !== 'digital') fail('type', 'must be physical or digital');
  const discountType = text('discount_type')?.toUpperCase();
  if (discountType !== undefined && !['NONE', 'AMOUNT', 'PERCENT'].includes(discountType))
    fail('discount_type', 'must be NONE, AMOUNT or PERCENT');
  const discountValue = number('discount_value');
  if (discountValue !== undefined && discountType === undefined) fail('discount_type', 'is required with discount_value');
  const quantity = number('quantity', { integer: true });
  const inStock = bool('in_stock');
  const visible = bool('visible');
  const cost = number('cost');
  const weight = number('weight');

  const productOptions: NonNullable<ProductInput['productOptions']> = [];
  for (let position = 1; position <= MAX_OPTIONS; position++) {
    const optionName = text(`option${position}_name`);
    const values = list(cells.get(`option${position}_values`));
    const optionType = text(`option${position}_type`)?.toLowerCase();
    if (optionName === undefined && values.length === 0) continue;
    if (optionName === undefined) fail(`option${position}_name`, `is required with option${position}_values`);
    if (values.length === 0) fail(`option${position}_values`, `is required with option${position}_name`);
    if (optionType !== undefined && optionType !== 'drop_down' && optionType !== 'color')
      fail(`option${position}_type`, 'must be drop_down or color');
    productOptions.push({
      name: optionName ?? '',
      optionType: optionType === 'color' ? 'color' : 'drop_down',
      choices: values.map((value) => ({ value })),
    });
  }
  const collections = list(cells.get('collections'));
  const images = list(cells.get('image_url')).map((url) => ({ url, line }));
  checkLinks(line, collections, images, { collections: 'collections', images: 'image_url' }, errors);
  if (errors.length > before || name === undefined || price === undefined) return undefined;

  const input: ProductInput & { name: string } = {
    name,
    slug: text('handle'),
    description: cells.get('description') ?? undefined,
    productType: type as 'physical' | 'digital' | undefined,
    visible,
    sku: text('sku'),
    brand: text('brand'),
    ribbon: text('ribbon'),
    weight,
    priceData: { price, currency: text('currency') },
    ...(cost !== undefined ? { costAndProfitData: { itemCost: cost } } : {}),
    ...(discountType !== undefined ? { discount: { type: discountType as 'NONE', value: discountValue ?? 0 } } : {}),
    ...(quantity !== undefined
      ? { stock: { trackInventory: true, quantity } }
      : inStock !== undefined
        ? { stock: { trackInventory: false, inStock } }
        : {}),
    ...(productOptions.length ? { productOptions } : {}),
  };
  return { line, input: definedOnly(input), collections, images, fieldName: csvFieldName };
}
