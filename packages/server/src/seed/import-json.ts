/**
 * Import rows from a JSON file: an array of products as the write API takes them (and as the read
 * API answers them: computed fields such as ids, ranges and variants are ignored), plus two
 * import-only fields: `collections`, collection slugs, and the pictures of `media.items[].image.url`.
 * Problems name the product's line in the file and the field's path (`priceData.price`).
 */
import type { ProductInput } from '../domains/catalog/write-schemas.js';
import { checkLinks, type ImportPicture, type ImportRow, type ImportVariant, type ReadRows, type RowError } from './import-rows.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the rows of a JSON text. */
export function rowsFromJson(text: string): ReadRows {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return {
      rows: [],
      errors: [{ line: lineOfError(text, (error as Error).message), message: `not valid JSON: ${(error as Error).message}` }],
    };
  }
  if (!Array.isArray(data)) return { rows: [], errors: [{ line: 1, message: 'must be a JSON array of products' }] };
  const lines = elementLines(text);
  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  data.forEach((item, i) => {
    const line = lines[i] ?? 1;
    if (!isObject(item)) {
      errors.push({ line, message: `product ${i + 1} must be an object` });
      return;
    }
    const { collections = [], media, variants: listed, ...product } = item;
    const variants = ownVariants(listed, line);
    if (!variants) {
      errors.push({
        line,
        field: 'variants',
        message: 'must be [{"choices": {"Size": "S"}, "sku": "…", "price": 12, "quantity": 3, "inStock": true}]',
      });
      return;
    }
    if (!Array.isArray(collections) || !collections.every((collection) => typeof collection === 'string')) {
      errors.push({ line, field: 'collections', message: 'must be an array of collection slugs' });
      return;
    }
    const images = pictures(media, line);
    if (!images) {
      errors.push({ line, field: 'media', message: 'must be {"items": [{"image": {"url": "https://…", "altText": "…"}}]}' });
      return;
    }
    const names = { collections: 'collections', images: 'media.items.image.url', altText: 'media.items.image.altText' };
    if (!checkLinks(line, collections, images, names, errors)) return;
    const row: ImportRow = { line, input: product as ProductInput & { name: string }, collections, images, fieldName: (path) => path };
    if (variants.length) row.variants = variants;
    rows.push(row);
  });
  return { rows, errors };
}

/**
 * The variants of their own of a product (as `vitrine export` writes them), or undefined when
 * `variants` has another shape. Variants as the read API answers them (each with its `id`) are
 * computed from the product and ignored, as the other computed fields are.
 */
function ownVariants(variants: unknown, line: number): ImportVariant[] | undefined {
  if (variants === undefined || variants === null) return [];
  if (!Array.isArray(variants)) return undefined;
  const out: ImportVariant[] = [];
  for (const variant of variants) {
    if (!isObject(variant)) return undefined;
    if (variant.id !== undefined) continue;
    const { choices, sku, price, quantity, inStock, ...rest } = variant;
    const choicesOk = isObject(choices) && Object.values(choices).every((choice) => typeof choice === 'string');
    const ok =
      choicesOk &&
      Object.keys(rest).length === 0 &&
      (sku === undefined || typeof sku === 'string') &&
      (price === undefined || (typeof price === 'number' && price >= 0)) &&
      (quantity === undefined || (Number.isInteger(quantity) && (quantity as number) >= 0)) &&
      (inStock === undefined || typeof inStock === 'boolean');
    if (!ok) return undefined;
    out.push({ line, choices: choices as Record<string, string>, sku, price, quantity, inStock } as ImportVariant);
  }
  return out.map((variant) => Object.fromEntries(Object.entries(variant).filter(([, value]) => value !== undefined)) as ImportVariant);
}

/**
 * The pictures of a wire `media` (`{mainMedia?, items}`: each image's url and altText), all on the
 * product's line, or undefined when it has another shape.
 */
function pictures(media: unknown, line: number): ImportPicture[] | undefined {
  if (media === undefined || media === null) return [];
  if (!isObject(media) || (media.items !== undefined && !Array.isArray(media.items))) return undefined;
  const items = (media.items as unknown[] | undefined) ?? (media.mainMedia ? [media.mainMedia] : []);
  const out: ImportPicture[] = [];
  for (const item of items) {
    const image = isObject(item) && isObject(item.image) ? item.image : undefined;
    const altText = image?.altText;
    if (typeof image?.url !== 'string' || (altText !== undefined && altText !== null && typeof altText !== 'string')) return undefined;
    out.push(typeof altText === 'string' && altText.trim() ? { url: image.url, line, altText: altText.trim() } : { url: image.url, line });
  }
  return out;
}

/** The line (1-based) each element of the top-level array starts on. */
function elementLines(text: string): number[] {
  const out: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n') line++;
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r' || char === '\n') continue;
    if (expectElement && char !== ']') out.push(line);
    expectElement = false;
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth++;
      if (depth === 1 && char === '[') expectElement = true;
    } else if (char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 1) expectElement = true;
  }
  return out;
}

/** The line of a JSON.parse error, from the position its message gives (line 1 when it gives none). */
function lineOfError(text: string, message: string): number {
  const match = /position (\d+)/.exec(message);
  if (!match) return 1;
  const at = Math.min(Number(match[1]), text.length);
  let line = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
