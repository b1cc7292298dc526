/**
 * Import rows from a Shopify product CSV export, read by the columns Shopify documents ("Using CSV
 * files to import and export products"), in either spelling: the older (`Handle`, `Body (HTML)`,
 * `Variant SKU`, `Image Src`…, the names used below) or the current one (`URL handle`,
 * `Description`, `SKU`, `Product image URL`…, `SHOPIFY_SPELLINGS`). Rows sharing a handle are one
 * product; its first row carries the product (Title, Body (HTML), Vendor, Type, Published, Status,
 * Option names), every row with option values or variant columns is a variant (Variant SKU, Variant
 * Price, Variant Inventory Qty, Variant Grams, Variant Compare At Price), and `Image Src` on any row
 * adds a picture with that row's `Image Alt Text`, ordered by `Image Position`. Mapped to Vitrine:
 * Vendor → brand, Type (or a `Collection` column) → a collection, grams → kilograms, a common
 * "compare at" margin → an amount discount. Not carried over: tags, product category, barcodes, tax
 * and shipping flags, SEO fields, gift cards, metafields.
 */
import { slugify } from '../domains/catalog/product-rules.js';
import type { ProductInput } from '../domains/catalog/write-schemas.js';
import { checkLinks, type ImportPicture, type ImportRow, type ImportVariant, type ReadRows, type RowError } from './import-rows.js';
import { type ColumnSpellings, cellsOf, definedOnly, groupedRecords, listOf, type RecordGroup } from './import-table.js';

const OPTIONS = [1, 2, 3] as const;

/** The current names of the columns whose older name this reader uses (case and spacing aside). */
export const SHOPIFY_SPELLINGS: ColumnSpellings = {
  Handle: ['URL handle'],
  'Body (HTML)': ['Description'],
  Published: ['Published on online store'],
  'Variant SKU': ['SKU'],
  'Variant Grams': ['Weight value (grams)'],
  'Variant Inventory Tracker': ['Inventory tracker'],
  'Variant Inventory Qty': ['Inventory quantity'],
  'Variant Price': ['Price'],
  'Variant Compare At Price': ['Compare-at price'],
  'Image Src': ['Product image URL'],
  'Variant Image': ['Variant image URL'],
};

/** The Shopify column (older name) of a field of the product input, for problems found by the product rules. */
function shopifyFieldName(path: string): string {
  const option = /^productOptions\[(\d+)\]/.exec(path);
  if (option) return `Option${Number(option[1]) + 1} Name`;
  const names: Record<string, string> = {
    slug: 'Handle',
    name: 'Title',
    description: 'Body (HTML)',
    brand: 'Vendor',
    sku: 'Variant SKU',
    'variants.sku': 'Variant SKU',
    'priceData.price': 'Variant Price',
    'costAndProfitData.itemCost': 'Cost per item',
    weight: 'Variant Grams',
    'stock.quantity': 'Variant Inventory Qty',
    'discount.value': 'Variant Compare At Price',
  };
  return names[path] ?? path;
}

/** Reads the rows of a Shopify product CSV text. */
export function rowsFromShopify(text: string): ReadRows {
  const { groups, errors } = groupedRecords(text, { groupBy: 'Handle', required: ['Handle', 'Title'], spellings: SHOPIFY_SPELLINGS });
  const rows: ImportRow[] = [];
  for (const group of groups) {
    const row = shopifyProduct(group, errors);
    if (row) rows.push(row);
  }
  return { rows, errors };
}

interface ShopifyVariant {
  line: number;
  choices: Record<string, string>;
  sku?: string;
  price?: number;
  compareAt?: number;
  quantity?: number;
  grams?: number;
  cost?: number;
}

function shopifyProduct(group: RecordGroup, errors: RowError[]): ImportRow | undefined {
  const before = errors.length;
  const [first] = group.records as [RecordGroup['records'][number]];
  const product = cellsOf(first, errors);
  const name = product.text('Title') ?? product.fail('Title', 'is required on the first line of a product');
  const optionNames = OPTIONS.map((number) => product.text(`Option${number} Name`));
  const variants: ShopifyVariant[] = [];
  const pictures: (ImportPicture & { position: number; order: number })[] = [];
  let tracked = false;
  for (const record of group.records) {
    const cells = cellsOf(record, errors);
    const src = cells.text('Image Src');
    const altText = cells.text('Image Alt Text');
    const position = cells.integer('Image Position') ?? Number.MAX_SAFE_INTEGER;
    if (src) pictures.push(definedOnly({ url: src, line: record.line, altText, position, order: pictures.length }));
    const variantImage = cells.text('Variant Image');
    if (variantImage) pictures.push({ url: variantImage, line: record.line, position: Number.MAX_SAFE_INTEGER, order: pictures.length });
    const values = OPTIONS.map((number) => cells.text(`Option${number} Value`));
    const isVariant = values.some(Boolean) || cells.text('Variant Price') !== undefined || cells.text('Variant SKU') !== undefined;
    if (!isVariant) continue;
    const choices: Record<string, string> = {};
    OPTIONS.forEach((number, i) => {
      const optionName = optionNames[i];
      const value = values[i];
      // "Title: Default Title" is how Shopify writes a product without options.
      if (!value || (optionName === 'Title' && value === 'Default Title')) return;
      if (!optionName) cells.fail(`Option${number} Name`, `is required on the product's first line with Option${number} Value`);
      else choices[optionName] = value;
    });
    if (cells.text('Variant Inventory Tracker') || cells.text('Variant Inventory Qty') !== undefined) tracked = true;
    variants.push({
      line: record.line,
      choices,
      sku: cells.text('Variant SKU'),
      price: cells.number('Variant Price') ?? cells.fail('Variant Price', 'is required on a variant line'),
      compareAt: cells.number('Variant Compare At Price'),
      quantity: cells.integer('Variant Inventory Qty', { negative: 'zero' }),
      grams: cells.number('Variant Grams'),
      cost: cells.number('Cost per item'),
    });
  }
  if (!variants.length) product.fail('Variant Price', 'the product has no variant line');
  const images = uniquePictures(pictures);
  const type = product.text('Type');
  const listed = product.text('Collection');
  const collections = listed ? listOf(listed, /[;,]/).map((collection) => slugify(collection)) : type ? [slugify(type)] : [];
  const names = {
    collections: first.columnName('Type'),
    images: first.columnName('Image Src'),
    altText: first.columnName('Image Alt Text'),
  };
  checkLinks(first.line, collections, images, names, errors);
  if (errors.length > before || name === undefined) return undefined;

  const base = variants[0] as ShopifyVariant;
  const status = product.text('Status')?.toLowerCase();
  const published = product.bool('Published');
  const options = OPTIONS.map((_, i) => optionNames[i])
    .filter((optionName): optionName is string => optionName !== undefined && optionName !== 'Title')
    .map((optionName) => ({
      name: optionName,
      choices: [
        ...new Set(variants.map((variant) => variant.choices[optionName]).filter((choice): choice is string => choice !== undefined)),
      ].map((value) => ({
        value,
      })),
    }))
    .filter((option) => option.choices.length);
  // A margin every variant shares between its "compare at" price and its price is the product's discount.
  const margin = base.compareAt !== undefined && base.price !== undefined ? base.compareAt - (base.price as number) : 0;
  const discounted =
    margin > 0 &&
    variants.every(
      (variant) => variant.compareAt !== undefined && variant.price !== undefined && variant.compareAt - variant.price === margin,
    );
  const priceOf = (variant: ShopifyVariant) => (discounted ? (variant.compareAt as number) : (variant.price as number));
  const single = options.length === 0;
  const input: ProductInput & { name: string } = definedOnly({
    name,
    slug: group.key,
    description: product.text('Body (HTML)'),
    brand: product.text('Vendor'),
    visible: status !== undefined ? status === 'active' && published !== false : published,
    sku: single ? base.sku : undefined,
    weight: base.grams === undefined ? undefined : base.grams / 1000,
    priceData: { price: priceOf(base) },
    costAndProfitData: base.cost === undefined ? undefined : { itemCost: base.cost },
    discount: discounted ? { type: 'AMOUNT' as const, value: Number(margin.toFixed(2)) } : undefined,
    stock: tracked ? { trackInventory: true, quantity: single ? (base.quantity ?? 0) : 0 } : undefined,
    productOptions: options.length ? options : undefined,
  });
  const own: ImportVariant[] = single
    ? []
    : variants.map((variant) =>
        definedOnly({
          line: variant.line,
          choices: variant.choices,
          sku: variant.sku,
          price: priceOf(variant) === priceOf(base) ? undefined : priceOf(variant),
          quantity: tracked ? (variant.quantity ?? 0) : undefined,
        }),
      );
  const row: ImportRow = { line: first.line, input, collections, images, fieldName: (path) => first.columnName(shopifyFieldName(path)) };
  if (own.length) row.variants = own;
  return row;
}

/**
 * A product's pictures in `Image Position` order (then file order), each URL once: on the line that
 * first names it, with the first alt text any of its lines gives (a variant's picture repeats a
 * product picture's URL without one).
 */
function uniquePictures(pictures: (ImportPicture & { position: number; order: number })[]): ImportPicture[] {
  const byUrl = new Map<string, ImportPicture>();
  for (const { url, line, altText } of [...pictures].sort((left, right) => left.position - right.position || left.order - right.order)) {
    const seen = byUrl.get(url);
    if (!seen) byUrl.set(url, definedOnly({ url, line, altText }));
    else if (!seen.altText && altText) seen.altText = altText;
  }
  return [...byUrl.values()];
}
