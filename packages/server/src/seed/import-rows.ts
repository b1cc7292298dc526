/**
 * What an import file holds once read: one row per product, as the write API's product input plus
 * the collections (by slug) and picture URLs it names, and problems found while reading, each with
 * its line and the field as the file names it.
 */
import type { VariantSpec } from '../domains/catalog/bulk-load-plan.js';
import type { ProductInput } from '../domains/catalog/write-schemas.js';

/** A variant's own SKU, price or stock, from the line of the file that gives them. */
export type ImportVariant = VariantSpec & { line: number };

/** A picture an import file names: its URL, the line naming it, and what it shows (for screen readers). */
export interface ImportPicture {
  url: string;
  line: number;
  altText?: string;
}

/** The longest alt text a picture takes (the write API's). */
const MAX_ALT_TEXT = 500;

/** One product of an import file. */
export interface ImportRow {
  /** the line of the file the product starts on */
  line: number;
  input: ProductInput & { name: string };
  /** collection slugs; missing collections are created */
  collections: string[];
  /** pictures, stored as media items */
  images: ImportPicture[];
  /** variants that differ from the product (absent: every combination of its options takes the product's) */
  variants?: ImportVariant[];
  /** the file's name for a field of `input` (`priceData.price` → `price` in a CSV file) */
  fieldName(path: string): string;
}

/** A problem with one row (or the file, line 1 for a header problem). */
export interface RowError {
  line: number;
  field?: string;
  message: string;
}

/** What reading a file gave: rows, and every problem found (rows with problems are left out). */
export interface ReadRows {
  rows: ImportRow[];
  errors: RowError[];
}

/** `line 7: price: must be a number ≥ 0`. */
export function formatRowError(rowError: RowError): string {
  return `line ${rowError.line}: ${rowError.field ? `${rowError.field}: ` : ''}${rowError.message}`;
}

/** A collection slug as the write API accepts it. */
const SLUG = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

/** Whether a text is an absolute http(s) URL. */
function isHttpUrl(text: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(text) && URL.canParse(text);
}

/**
 * Checks import-only fields (collection slugs on the product's line, pictures on their own lines) and
 * adds a problem for each bad one, named by the file's columns. Answers whether they were all fine.
 */
export function checkLinks(
  line: number,
  collections: string[],
  images: ImportPicture[],
  names: { collections: string; images: string; altText?: string },
  out: RowError[],
): boolean {
  const before = out.length;
  for (const slug of collections) {
    if (!SLUG.test(slug)) {
      out.push({ line, field: names.collections, message: `'${slug}' is not a slug (lower-case letters and digits separated by dashes)` });
    }
  }
  for (const picture of images) {
    if (!isHttpUrl(picture.url)) out.push({ line: picture.line, field: names.images, message: `'${picture.url}' is not an http(s) URL` });
    if ((picture.altText?.length ?? 0) > MAX_ALT_TEXT)
      out.push({ line: picture.line, field: names.altText ?? names.images, message: `must be at most ${MAX_ALT_TEXT} characters` });
  }
  return out.length === before;
}
