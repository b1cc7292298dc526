/**
 * Why an import file was refused, in the merchant's words: the file's problems by line (a 422), a
 * file larger than one import takes (413), a file that is not UTF-8 text (IMPORT_NOT_UTF8), or the
 * server's own reason.
 */
import type { CatalogueImportProblem } from '@vitrine/sdk';
import { importProblemsOf, refusalCodeOf } from './catalogue-transfer.js';
import { errorText } from './format.js';

export interface ImportFailure {
  /** one sentence saying what happened and what to do */
  headline: string;
  /** the file's problems by line, at most 200 */
  problems: CatalogueImportProblem[];
  /** how many problems the file has in all */
  total: number;
}

const TOO_LARGE =
  'The file is larger than one import takes. Split it into smaller files (each with the header line) and import them one after the other.';
const NOT_UTF8 =
  'The file is not UTF-8 text, so its accents and symbols cannot be read. Save it again as "CSV UTF-8" (in Excel: File › Save As › CSV UTF-8; in Numbers or Sheets, CSV is UTF-8 already) and check it again.';

/** The failure of a check or an import, as the page shows it. */
export function importFailureOf(error: unknown): ImportFailure {
  const status = (error as { status?: number } | undefined)?.status;
  if (status === 413) return { headline: TOO_LARGE, problems: [], total: 0 };
  if (refusalCodeOf(error) === 'IMPORT_NOT_UTF8') return { headline: NOT_UTF8, problems: [], total: 0 };
  const found = importProblemsOf(error);
  if (!found) return { headline: `The file could not be checked: ${errorText(error)}`, problems: [], total: 0 };
  const count = found.total === 1 ? '1 problem' : `${found.total.toLocaleString()} problems`;
  return { headline: `The file has ${count}; nothing was imported. Correct them and check the file again.`, ...found };
}

/** `Line 7 · price: must be a number ≥ 0`. */
export const problemLine = (problem: CatalogueImportProblem) =>
  `Line ${problem.line} · ${problem.field ? `${problem.field}: ` : ''}${problem.message}`;
