/**
 * The catalogue's transfer calls (issue #24 part 6) through the SDK's `catalogueTransfer`: the export
 * as a file to save, and an import file checked (`preview`) or imported; and what a refusal carries.
 */
import {
  type CatalogueExportFormat,
  type CatalogueImportFormat,
  type CatalogueImportProblem,
  type CatalogueImportSummary,
  VitrineError,
} from '@vitrine/sdk';
import type { ConsoleClient } from './console-client.js';

/** What the import reads a file as: `auto` lets the server tell from the file. */
export type ImportFormat = CatalogueImportFormat | 'auto';

/** The whole catalogue as a file to save, and its name. */
export async function exportCatalogue(client: ConsoleClient, format: CatalogueExportFormat): Promise<{ file: Blob; fileName: string }> {
  const file = await client.catalogueTransfer.exportCatalogue({ format });
  return { file, fileName: `vitrine-products-${new Date().toISOString().slice(0, 10)}.${format}` };
}

/** A `.json` file the browser gave no type (dropped from some file managers) is still JSON to the server. */
const typed = (file: File) =>
  !file.type && file.name.toLowerCase().endsWith('.json') ? new File([file], file.name, { type: 'application/json' }) : file;

/**
 * Sends an import file: `preview` checks it and changes nothing, `import` imports all of it or, at
 * the first problem, nothing.
 * @throws VitrineError 422 with the file's problems ({@link importProblemsOf}) or IMPORT_NOT_UTF8, 413 when too large
 */
export function sendCatalogueImport(
  client: ConsoleClient,
  file: File,
  options: { format: ImportFormat; mode: 'preview' | 'import' },
): Promise<CatalogueImportSummary> {
  const calls = client.catalogueTransfer;
  const send = options.mode === 'preview' ? calls.previewCatalogueImport : calls.importCatalogue;
  return send(typed(file), { format: options.format });
}

/** The file's problems a refusal (422 IMPORT_REJECTED) carries in its data: at most 200 of `total`. */
export function importProblemsOf(error: unknown): { problems: CatalogueImportProblem[]; total: number } | undefined {
  if (!(error instanceof VitrineError) || error.status !== 422) return undefined;
  const data = error.details?.applicationError?.data as { problems?: CatalogueImportProblem[]; total?: number } | null | undefined;
  if (!data?.problems?.length) return undefined;
  return { problems: data.problems, total: data.total ?? data.problems.length };
}

/** The server's code of a refusal (`IMPORT_NOT_UTF8`, `IMPORT_TOO_MANY_PRODUCTS`…), if it gave one. */
export const refusalCodeOf = (error: unknown) => (error instanceof VitrineError ? String(error.details?.applicationError?.code ?? '') : '');
