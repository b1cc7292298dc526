/**
 * The catalogue's transfer calls (issue #24 part 6): the export as a file, and an import file checked
 * (`preview`) or imported (`import`). This file is the one place the console reaches those routes;
 * it sends them through the client's `fetchWithAuth`, as the SDK's order export does, and reads
 * failed answers into the SDK's `VitrineError` with the status and the server's details.
 */
import { VitrineError } from '@vitrine/sdk';
import { apiUrl, type ConsoleClient } from './console-client.js';

const BASE = '/_api/vitrine/v1/catalogue';

/** What the export writes. */
export type ExportFormat = 'csv' | 'json';
/** What the import reads a file as: `auto` lets the server tell from the file. */
export type ImportFormat = 'auto' | 'vitrine' | 'shopify' | 'wix';

/** One of the first products of a checked file, as the import would make it. */
export interface ImportSampleProduct {
  line: number;
  name: string;
  slug: string;
  variants: number;
  /** decimal text in the shop currency (`"12.50"`) */
  price: string;
  currency: string;
}

/** A picture whose URL could not be fetched: the product keeps going without it. */
export interface PictureProblem {
  line: number;
  url: string;
  reason: string;
}

/** What a checked or imported file holds (`imported` says which). */
export interface ImportReport {
  format: Exclude<ImportFormat, 'auto'>;
  products: number;
  variants: number;
  collectionsToCreate: string[];
  pictures: number;
  sample: ImportSampleProduct[];
  pictureProblems: PictureProblem[];
  imported: boolean;
}

/** A refused file's problem: its line, the column or field as the file names it, and why. */
export interface ImportProblem {
  line: number;
  field?: string | null;
  message: string;
}

/** The file's problems a refusal (422 IMPORT_REJECTED) carries in its data: at most 200 of `total`. */
export function importProblemsOf(error: unknown): { problems: ImportProblem[]; total: number } | undefined {
  if (!(error instanceof VitrineError) || error.status !== 422) return undefined;
  const data = error.details?.applicationError?.data as { problems?: ImportProblem[]; total?: number } | null | undefined;
  if (!data?.problems?.length) return undefined;
  return { problems: data.problems, total: data.total ?? data.problems.length };
}

/** The server's code of a refusal (`IMPORT_NOT_UTF8`, `IMPORT_TOO_MANY_PRODUCTS`…), if it gave one. */
export const refusalCodeOf = (error: unknown) => (error instanceof VitrineError ? String(error.details?.applicationError?.code ?? '') : '');

/** A failed answer as the SDK's error: the server's description, status, details and request id. */
async function answerError(res: Response): Promise<VitrineError> {
  const requestId = res.headers.get('x-wix-request-id') ?? undefined;
  const body = (await res.json().catch(() => undefined)) as { message?: string; details?: VitrineError['details'] } | undefined;
  const description = body?.details?.applicationError?.description || body?.message || `The server answered ${res.status}`;
  return new VitrineError(description, { status: res.status, details: body?.details, requestId });
}

/** `fetchWithAuth`, with a network failure kept as the cause of a `VitrineError`. */
async function send(client: ConsoleClient, path: string, init?: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await client.fetchWithAuth(`${apiUrl}${path}`, init);
  } catch (cause) {
    throw new VitrineError('The server could not be reached', { cause });
  }
  if (!res.ok) throw await answerError(res);
  return res;
}

/** The file name the server's Content-Disposition gives, else `catalogue-<date>.<format>`. */
function fileNameOf(res: Response, format: ExportFormat): string {
  const named = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return named ?? `catalogue-${new Date().toISOString().slice(0, 10)}.${format}`;
}

/** The whole catalogue as a file to save, and its name. */
export async function exportCatalogue(client: ConsoleClient, format: ExportFormat): Promise<{ file: Blob; fileName: string }> {
  const res = await send(client, `${BASE}/export?format=${format}`);
  return { file: await res.blob(), fileName: fileNameOf(res, format) };
}

/** JSON files travel as JSON; anything else as CSV, which the server reads as the format says. */
const contentTypeOf = (file: File) =>
  file.type === 'application/json' || file.name.toLowerCase().endsWith('.json') ? 'application/json' : 'text/csv';

/**
 * Sends an import file: `preview` checks it and changes nothing, `import` imports all of it or, at
 * the first problem, nothing.
 * @throws VitrineError 422 with the file's problems ({@link importProblemsOf}), 413 when too large
 */
export async function sendCatalogueImport(
  client: ConsoleClient,
  file: File,
  options: { format: ImportFormat; mode: 'preview' | 'import' },
): Promise<ImportReport> {
  const query = new URLSearchParams({ format: options.format, mode: options.mode });
  const res = await send(client, `${BASE}/import?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': contentTypeOf(file) },
    body: file,
  });
  return (await res.json()) as ImportReport;
}
