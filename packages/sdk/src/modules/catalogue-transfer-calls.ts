/**
 * The raw calls behind `catalogueTransfer`: the export answers a file, the import sends one as the
 * body, which no JSON declaration can say. Loaded on first call with the other merchant calls.
 */
import { systemError } from '../errors.js';
import type { Transport } from '../transport/context.js';
import { answerError } from '../transport/error-map.js';
import { readAnswer } from '../transport/http.js';
import type { CatalogueImportOptions, CatalogueImportSummary, ExportCatalogueOptions } from '../types/index.js';

/** One request of the client, its network failure as the SDK's system error. */
async function request(transport: Transport, url: string, init: RequestInit): Promise<Response> {
  const headers = { ...transport.headers, ...(await transport.authHeaders?.()), ...(init.headers as Record<string, string>) };
  try {
    return await transport.fetch(url, { ...init, headers });
  } catch (cause) {
    throw systemError(undefined, undefined, cause);
  }
}

async function exportCatalogue(transport: Transport, [options]: readonly unknown[]): Promise<Blob> {
  const format = (options as ExportCatalogueOptions | undefined)?.format ?? 'csv';
  const response = await request(
    transport,
    `${transport.hosts.readOnly}/_api/vitrine/v1/catalogue/export?format=${encodeURIComponent(format)}`,
    {
      method: 'GET',
    },
  );
  if (!response.ok) throw answerError(await readAnswer(response), { format: 'options.format' });
  return response.blob();
}

/** Sends the file to the import route in `mode`. */
async function sendImport(
  transport: Transport,
  file: unknown,
  options: unknown,
  mode: 'preview' | 'import',
): Promise<CatalogueImportSummary> {
  if (!(file instanceof Blob) && typeof file !== 'string')
    throw new TypeError('catalogueTransfer: `file` must be a Blob, a File or a string');
  const format = (options as CatalogueImportOptions | undefined)?.format ?? 'auto';
  const type =
    file instanceof Blob && file.type === 'application/json' ? 'application/json' : looksLikeJson(file) ? 'application/json' : 'text/csv';
  const url = `${transport.hosts.api}/_api/vitrine/v1/catalogue/import?format=${encodeURIComponent(format)}&mode=${mode}`;
  const response = await request(transport, url, { method: 'POST', headers: { 'Content-Type': type }, body: file });
  const answer = await readAnswer(response);
  if (!answer.ok) throw answerError(answer, { format: 'options.format' });
  if (answer.unparseable) throw systemError(answer.requestId, answer.status);
  return answer.body as CatalogueImportSummary;
}

/** Whether a text (not a Blob, whose bytes the server reads) starts as JSON does. */
const looksLikeJson = (file: Blob | string) => typeof file === 'string' && /^\uFEFF?\s*[[{]/.test(file);

async function previewCatalogueImport(transport: Transport, [file, options]: readonly unknown[]): Promise<CatalogueImportSummary> {
  return sendImport(transport, file, options, 'preview');
}

async function importCatalogue(transport: Transport, [file, options]: readonly unknown[]): Promise<CatalogueImportSummary> {
  return sendImport(transport, file, options, 'import');
}

export const catalogueTransferCalls = { exportCatalogue, previewCatalogueImport, importCatalogue };
