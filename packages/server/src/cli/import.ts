import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { UNKNOWN_IDENTITY } from '../domains/events/event-identity.js';
import { IMPORT_EVENTS_MAX, ImportRejected, importCatalog } from '../seed/import-catalog.js';
import { CSV_COLUMNS, rowsFromCsv } from '../seed/import-csv.js';
import { rowsFromJson } from '../seed/import-json.js';
import { formatRowError } from '../seed/import-rows.js';
import { type CliCommand, CliFailure, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { progressBar } from './progress.js';
import { usingServices } from './using-services.js';

const count = (amount: number, noun: string) => `${amount} ${noun}${amount === 1 ? '' : 's'}`;

/** Most problems printed; the rest are counted. */
const MAX_PRINTED = 50;

/** `vitrine import FILE`: products from a CSV or JSON file, all or nothing. */
export const importProducts: CliCommand = {
  name: 'import',
  summary: 'Import products from a CSV or JSON file (every row checked first; all or nothing)',
  positionals: [{ name: 'file', description: 'A .csv or .json file' }],
  flags: { ...databaseFlags },
  notes: [
    'Every row is checked before anything is written (with the rules of the merchant API); any problem',
    'is reported as "line N: field: message" and nothing is imported. Otherwise one transaction creates',
    'every product (one variant per combination of its options) and the collections it names that do not',
    'exist yet. Webhooks receive collection.created / collection.changed, and product.created for each',
    `product when the file has at most ${IMPORT_EVENTS_MAX} products; a larger import is a bulk load and`,
    'publishes no per-product events (they would flood subscribers): resynchronise them by querying.',
    'Running servers drop their cached catalogue answers when the import commits.',
    '',
    'CSV: a header line, then one product a line (RFC 4180: quote fields holding commas, quotes or line',
    'breaks; double a quote inside quotes). Columns, in any order (case, spaces and dashes do not matter):',
    ...CSV_COLUMNS.map(([name, what]) => `  ${name.padEnd(34)}${what}`),
    '',
    'JSON: an array of products as the merchant API takes them (name, slug, description, productType,',
    'visible, sku, brand, ribbon, priceData.price, costAndProfitData.itemCost, weight, discount, stock,',
    'productOptions, additionalInfoSections, pricePerUnitData, seoData...; fields the server computes,',
    'such as ids, ranges and variants, are ignored), plus "collections": ["slug", ...] and pictures as',
    '"media": {"items": [{"image": {"url": "https://..."}}]}.',
    '',
    'Exit codes: 0 imported, 1 problems in the file (nothing imported) or a failure, 2 usage.',
  ],
  async run(invocation) {
    const file = invocation.positionals[0] as string;
    const kind = extname(file).toLowerCase();
    if (kind !== '.csv' && kind !== '.json') throw new UsageError(`<file> must end in .csv or .json: ${file}`);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new CliFailure(`cannot read ${file}: ${(error as Error).message}`);
    }
    const read = kind === '.csv' ? rowsFromCsv(text) : rowsFromJson(text);
    const { io } = invocation;
    const started = Date.now();
    return usingServices(invocation, async (services) => {
      const bar = progressBar(io, 'importing products', read.rows.length);
      try {
        const result = await importCatalog(services.catalogWriteDeps, read, {
          identity: UNKNOWN_IDENTITY,
          onProgress: (done) => bar.update(done),
        });
        bar.finish();
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        io.out(
          `Imported ${count(result.products, 'product')} (${count(result.variants, 'variant')}) from ${file} in ${seconds} s` +
            `${result.collectionsCreated ? `; ${count(result.collectionsCreated, 'collection')} created` : ''}` +
            `${result.productEvents ? '' : ` (more than ${IMPORT_EVENTS_MAX}: no product.created events published)`}`,
        );
        return 0;
      } catch (error) {
        if (!(error instanceof ImportRejected)) throw error;
        for (const problem of error.errors.slice(0, MAX_PRINTED)) io.err(formatRowError(problem));
        if (error.errors.length > MAX_PRINTED) io.err(`... and ${error.errors.length - MAX_PRINTED} more`);
        io.err(`vitrine import: ${error.message}`);
        return 1;
      }
    });
  },
};
