import { createWriteStream } from 'node:fs';
import { extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type CliCommand, CliFailure, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { usingServices } from './using-services.js';

/** `vitrine export FILE`: every product as a CSV or JSON file that `vitrine import` reads back. */
export const exportProducts: CliCommand = {
  name: 'export',
  summary: 'Export every product to a CSV or JSON file that `vitrine import` reads back',
  positionals: [{ name: 'file', description: 'A .csv or .json file (overwritten)' }],
  flags: { ...databaseFlags },
  notes: [
    'Products with their options, the variants that have their own SKU, price or stock (a variant line in',
    'CSV, "variants" in JSON), collections (by slug), pictures (absolute URLs), visibility and descriptions.',
    'The file imports into an empty shop as the same catalogue. Exit codes: 0 written, 1 a failure, 2 usage.',
  ],
  async run(invocation) {
    const file = invocation.positionals[0] as string;
    const kind = extname(file).toLowerCase();
    if (kind !== '.csv' && kind !== '.json') throw new UsageError(`<file> must end in .csv or .json: ${file}`);
    return usingServices(invocation, async (services) => {
      try {
        await pipeline(services.catalogueTransfer.export(kind === '.csv' ? 'csv' : 'json'), createWriteStream(file));
      } catch (error) {
        throw new CliFailure(`cannot write ${file}: ${(error as Error).message}`);
      }
      invocation.io.out(`Exported the catalogue to ${file}`);
      return 0;
    });
  },
};
