/**
 * Import rows from a Wix Stores product CSV export, read by the columns Wix documents ("Wix Stores:
 * Importing Products"): rows sharing a `handleId` are one product, `fieldType` says whether a row
 * is the Product or one of its Variants. The product row carries name, description (HTML),
 * productImageUrl and collection (both `;`-separated), sku, ribbon, price, visible, discountMode and
 * discountValue, inventory (a quantity, InStock or OutOfStock), weight, cost, brand, up to six options
 * (productOptionNameN, productOptionTypeN, their choices `;`-separated in productOptionDescriptionN,
 * a colour as `#hex:Name`) and additional info sections; a variant row its choices, sku, surcharge
 * (added to the price), inventory and visible. Wix's handleIds are not slugs: slugs are made from the
 * names; a picture given as a Wix media file name is fetched from static.wixstatic.com (Wix's
 * columns have no alt text: pictures come without one). Not carried over: custom text fields, SEO,
 * per-variant weight, visibility and cost, and anything else Wix adds.
 */
import { slugify } from '../domains/catalog/product-rules.js';
import type { ProductInput } from '../domains/catalog/write-schemas.js';
import { checkLinks, type ImportRow, type ImportVariant, type ReadRows, type RowError } from './import-rows.js';
import { cellsOf, definedOnly, groupedRecords, listOf, type RecordGroup, type TableRecord } from './import-table.js';

const OPTIONS = [1, 2, 3, 4, 5, 6] as const;
const SECTIONS = [1, 2, 3, 4, 5, 6] as const;
/** Where Wix serves a media file named in an export. */
const WIX_MEDIA = 'https://static.wixstatic.com/media/';

function wixFieldName(path: string): string {
  const option = /^productOptions\[(\d+)\]/.exec(path);
  if (option) return `productOptionName${Number(option[1]) + 1}`;
  const names: Record<string, string> = {
    slug: 'name',
    'priceData.price': 'price',
    'costAndProfitData.itemCost': 'cost',
    'discount.type': 'discountMode',
    'discount.value': 'discountValue',
    'stock.quantity': 'inventory',
    'variants.sku': 'sku',
  };
  return names[path] ?? path;
}

/** Reads the rows of a Wix Stores product CSV text. */
export function rowsFromWix(text: string): ReadRows {
  const { groups, errors } = groupedRecords(text, { groupBy: 'handleId', required: ['handleId', 'fieldType', 'name', 'price'] });
  const rows: ImportRow[] = [];
  for (const group of groups) {
    const row = wixProduct(group, errors);
    if (row) rows.push(row);
  }
  return { rows, errors };
}

/** A choice as Wix writes it: a colour is `#000000:Black`. */
const choiceValue = (value: string) => value.replace(/^#[0-9a-f]{3,8}:/i, '').trim();

/** Stock as Wix writes it: a quantity, InStock or OutOfStock. */
function stockOf(record: TableRecord, errors: RowError[]): { quantity?: number; inStock?: boolean } {
  const inventory = record.cell('inventory');
  if (inventory === undefined) return {};
  if (/^instock$/i.test(inventory)) return { inStock: true };
  if (/^outofstock$/i.test(inventory)) return { inStock: false };
  const quantity = cellsOf(record, errors).integer('inventory');
  return quantity === undefined ? {} : { quantity };
}

function wixProduct(group: RecordGroup, errors: RowError[]): ImportRow | undefined {
  const before = errors.length;
  const productRecords = group.records.filter((record) => record.cell('fieldType')?.toLowerCase() === 'product');
  for (const record of group.records) {
    const kind = record.cell('fieldType')?.toLowerCase();
    if (kind !== 'product' && kind !== 'variant')
      errors.push({ line: record.line, field: 'fieldType', message: 'must be Product or Variant' });
  }
  const [first, ...extra] = productRecords;
  if (!first) {
    errors.push({ line: (group.records[0] as TableRecord).line, field: 'fieldType', message: `handleId ${group.key} has no Product line` });
    return undefined;
  }
  for (const record of extra) errors.push({ line: record.line, field: 'handleId', message: `repeats the handleId of line ${first.line}` });
  const cells = cellsOf(first, errors);
  const name = cells.text('name') ?? cells.fail('name', 'is required');
  const price = cells.number('price') ?? cells.fail('price', 'is required');
  const mode = cells.text('discountMode')?.toUpperCase();
  if (mode !== undefined && mode !== 'PERCENT' && mode !== 'AMOUNT') cells.fail('discountMode', 'must be PERCENT or AMOUNT');
  const discountValue = cells.number('discountValue');
  const stock = stockOf(first, errors);
  const options = OPTIONS.flatMap((number) => {
    const optionName = cells.text(`productOptionName${number}`);
    if (!optionName) return [];
    const type = cells.text(`productOptionType${number}`)?.toUpperCase();
    const choices = listOf(cells.text(`productOptionDescription${number}`)).map(choiceValue);
    return [
      {
        name: optionName,
        optionType: type === 'COLOR' ? ('color' as const) : ('drop_down' as const),
        choices: choices.map((value) => ({ value })),
      },
    ];
  });
  const variants: ImportVariant[] = [];
  for (const record of group.records.filter((candidate) => candidate.cell('fieldType')?.toLowerCase() === 'variant')) {
    const variantCells = cellsOf(record, errors);
    const choices: Record<string, string> = {};
    OPTIONS.forEach((number) => {
      const option = options.find((candidate) => candidate.name === cells.text(`productOptionName${number}`));
      const value = variantCells.text(`productOptionDescription${number}`);
      if (option && value) choices[option.name] = choiceValue(value);
    });
    const surcharge = variantCells.number('surcharge');
    const own = stockOf(record, errors);
    variants.push(
      definedOnly({
        line: record.line,
        choices,
        sku: variantCells.text('sku'),
        price: surcharge && price !== undefined ? Number((price + surcharge).toFixed(2)) : undefined,
        quantity: own.quantity,
        inStock: own.inStock,
        visible: variantCells.bool('visible'),
      }),
    );
  }
  const tracked = stock.quantity !== undefined || variants.some((variant) => variant.quantity !== undefined);
  const images = listOf(cells.text('productImageUrl')).map((url) => ({
    url: /^https?:\/\//i.test(url) ? url : `${WIX_MEDIA}${url}`,
    line: first.line,
  }));
  const collections = listOf(cells.text('collection')).map((collection) => slugify(collection));
  checkLinks(first.line, collections, images, { collections: 'collection', images: 'productImageUrl' }, errors);
  const sections = SECTIONS.flatMap((number) => {
    const title = cells.text(`additionalInfoTitle${number}`);
    return title ? [{ title, description: cells.text(`additionalInfoDescription${number}`) ?? '' }] : [];
  });
  if (errors.length > before || name === undefined || price === undefined) return undefined;
  const input: ProductInput & { name: string } = definedOnly({
    name,
    description: cells.text('description'),
    visible: cells.bool('visible'),
    sku: cells.text('sku'),
    ribbon: cells.text('ribbon'),
    brand: cells.text('brand'),
    weight: cells.number('weight'),
    priceData: { price },
    costAndProfitData: cells.number('cost') === undefined ? undefined : { itemCost: cells.number('cost') as number },
    discount: mode ? { type: mode as 'PERCENT' | 'AMOUNT', value: discountValue ?? 0 } : undefined,
    stock: tracked
      ? { trackInventory: true, quantity: stock.quantity ?? 0 }
      : stock.inStock !== undefined
        ? { trackInventory: false, inStock: stock.inStock }
        : undefined,
    productOptions: options.length ? options : undefined,
    additionalInfoSections: sections.length ? sections : undefined,
  });
  const row: ImportRow = { line: first.line, input, collections, images, fieldName: wixFieldName };
  const own = variants.filter((variant) => Object.keys(variant).length > 2);
  if (own.length) row.variants = own;
  return row;
}
