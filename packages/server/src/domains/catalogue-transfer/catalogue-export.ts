/**
 * The catalogue export (issue #24): every product, a page at a time, as `catalogue-entry.ts` entries,
 * written as a JSON array or as CSV in the columns `vitrine import` reads (a product line, then a line
 * for each variant with something of its own). Both are streams: a large catalogue never sits in memory.
 * Spreadsheet formulas are neutralised by csv-stringify (a leading `'`), which the CSV import takes off again.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { PRODUCT_COLUMNS } from '../../seed/import-csv.js';
import { MAX_OPTIONS } from '../catalog/product-rules.js';
import { listVariantsOf } from '../catalog/read-store.js';
import { type CatalogueEntry, catalogueEntry } from './catalogue-entry.js';
import { collectionSlugsOf, productsAfter } from './export-store.js';

/** Products read per page. */
const PAGE = 200;

/** Every product of the shop as an export entry, by slug. */
export async function* catalogueEntries(db: Kysely<Database>, publicUrl: string): AsyncGenerator<CatalogueEntry> {
  let after: string | undefined;
  for (;;) {
    const page = await productsAfter(db, after, PAGE);
    if (!page.length) return;
    const ids = page.map((product) => product.id);
    const [variants, collections] = await Promise.all([listVariantsOf(db, ids, { visibleOnly: false }), collectionSlugsOf(db, ids)]);
    for (const product of page) yield catalogueEntry(product, variants.get(product.id) ?? [], collections.get(product.id) ?? [], publicUrl);
    after = page[page.length - 1]?.slug;
  }
}

const optionColumns = Array.from({ length: MAX_OPTIONS }, (_, i) => [
  `option${i + 1}_name`,
  `option${i + 1}_type`,
  `option${i + 1}_values`,
]).flat();

/**
 * The export's CSV columns, in order: the import's own (`import-csv.ts`), the options' before the
 * pictures; no currency column (prices are in the shop currency, which the import assumes).
 */
const EXPORT_CSV_COLUMNS = [
  ...PRODUCT_COLUMNS.filter((column) => column !== 'currency' && column !== 'image_url'),
  ...optionColumns,
  'image_url',
];

type CsvLine = Partial<Record<string, string | number | boolean>>;

/** An entry's CSV lines: the product's, then one per variant of its own. */
function csvLines(entry: CatalogueEntry): CsvLine[] {
  const product: CsvLine = {
    handle: entry.slug,
    name: entry.name,
    description: entry.description,
    type: entry.productType,
    price: entry.priceData.price,
    discount_type: entry.discount?.type,
    discount_value: entry.discount?.value,
    cost: entry.costAndProfitData?.itemCost,
    weight: entry.weight,
    sku: entry.sku,
    brand: entry.brand,
    ribbon: entry.ribbon,
    visible: entry.visible,
    ...(entry.stock.trackInventory ? { quantity: entry.stock.quantity } : { in_stock: entry.stock.inStock }),
    collections: entry.collections.join(';'),
    image_url: entry.media.items.map((item) => item.image.url).join(';'),
  };
  entry.productOptions.forEach((option, i) => {
    Object.assign(product, {
      [`option${i + 1}_name`]: option.name,
      [`option${i + 1}_type`]: option.optionType,
      [`option${i + 1}_values`]: option.choices.map((choice) => choice.value).join(';'),
    });
  });
  const variants = (entry.variants ?? []).map((variant) => {
    const line: CsvLine = {
      handle: entry.slug,
      sku: variant.sku,
      price: variant.price,
      quantity: variant.quantity,
      in_stock: variant.inStock,
    };
    entry.productOptions.forEach((option, i) => {
      Object.assign(line, { [`option${i + 1}_name`]: option.name, [`option${i + 1}_values`]: variant.choices[option.name] });
    });
    return line;
  });
  return [product, ...variants];
}

/** The entries as CSV (UTF-8, no BOM: the import reads the file back byte for byte). */
export function catalogueCsv(entries: AsyncIterable<CatalogueEntry>): Readable {
  const lines = Readable.from(
    (async function* () {
      for await (const entry of entries) yield* csvLines(entry);
    })(),
  );
  return lines.pipe(
    stringify({ header: true, columns: [...EXPORT_CSV_COLUMNS], escape_formulas: true, cast: { boolean: (flag) => String(flag) } }),
  );
}

/** The entries as a JSON array, one product a line. */
export function catalogueJson(entries: AsyncIterable<CatalogueEntry>): Readable {
  return Readable.from(
    (async function* () {
      let first = true;
      for await (const entry of entries) {
        yield `${first ? '[\n' : ',\n'}${JSON.stringify(entry)}`;
        first = false;
      }
      yield first ? '[]\n' : '\n]\n';
    })(),
  );
}
