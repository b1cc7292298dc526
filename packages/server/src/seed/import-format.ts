/**
 * Which reader an import file needs: Vitrine's own CSV or JSON (`vitrine export`'s files), or a
 * product CSV exported by Shopify or Wix Stores, told apart by the header line (or named by the caller).
 */
import { parseCsv } from './csv.js';
import { rowsFromCsv } from './import-csv.js';
import { rowsFromJson } from './import-json.js';
import type { ReadRows } from './import-rows.js';
import { rowsFromShopify, SHOPIFY_SPELLINGS } from './import-shopify.js';
import { headerKey } from './import-table.js';
import { rowsFromWix } from './import-wix.js';

export const IMPORT_FORMATS = ['vitrine', 'shopify', 'wix'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Whether a text is JSON rather than CSV: it starts with `[` or `{`. */
const looksLikeJson = (text: string) => /^\uFEFF?\s*[[{]/.test(text);

/** The format a file's text is in, from its first line. */
function detectFormat(text: string): ImportFormat {
  if (looksLikeJson(text)) return 'vitrine';
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  let header: string[];
  try {
    header = (parseCsv(firstLine)[0]?.fields ?? []).map(headerKey);
  } catch {
    return 'vitrine';
  }
  if (header.includes('handleid') && header.includes('fieldtype')) return 'wix';
  // Shopify's files have a Title and a handle in either spelling; Vitrine's have no Title.
  const handles = ['Handle', ...(SHOPIFY_SPELLINGS.Handle ?? [])].map(headerKey);
  if (header.includes('title') && header.some((column) => handles.includes(column))) return 'shopify';
  return 'vitrine';
}

/** The rows of a file in `format` (`auto`: detected), and the format read. */
export function readImportFile(text: string, format: ImportFormat | 'auto'): { format: ImportFormat; read: ReadRows } {
  const chosen = format === 'auto' ? detectFormat(text) : format;
  if (chosen === 'shopify') return { format: chosen, read: rowsFromShopify(text) };
  if (chosen === 'wix') return { format: chosen, read: rowsFromWix(text) };
  return { format: chosen, read: looksLikeJson(text) ? rowsFromJson(text) : rowsFromCsv(text) };
}
