/**
 * A cart line with what it refers to resolved: its catalogue item (or its custom content), its
 * availability for the quantity asked, and its unit prices now. The one place that decides a line's
 * status and price; the wire view, the estimate and the checkout all read it.
 */
import type { ItemAvailabilityStatus } from '@vitrine/sdk';
import { toMinor } from '../../platform/money/money.js';
import type { CatalogItem, CatalogRef } from './catalog-port.js';
import type { CatalogOverrideFields } from './schemas.js';
import type { LineRow } from './store.js';
import type { PricedLine } from './totals/model.js';

/** A merchant's custom line as stored in `cart_line_items.custom` (wire shapes, prices as decimal strings). */
export interface CustomContent {
  productName: { original: string; translated?: string | null };
  price: string;
  fullPrice?: string | null;
  priceDescription?: { original: string; translated?: string | null };
  descriptionLines?: Record<string, unknown>[];
  image?: Record<string, unknown>;
  url?: { relativePath?: string; url?: string };
  itemType?: { preset?: string; custom?: string };
  physicalProperties?: { weight?: number | string | null; sku?: string | null; shippable?: boolean };
  catalogReference?: Record<string, unknown>;
}

export interface CartLine {
  row: LineRow;
  /** the catalogue item now, for catalogue lines that resolve */
  item?: CatalogItem;
  custom?: CustomContent;
  status: ItemAvailabilityStatus;
  /** units that can be bought now; undefined when unlimited (untracked stock, custom lines) */
  quantityAvailable?: number;
  /** per unit, minor units of the cart currency; 0 for lines that are not found */
  unitPrice: bigint;
  fullUnitPrice: bigint;
}

/** A merchant's overrides of a catalogue line as stored (`cart_line_items.catalog_override_fields`). */
export function overridesOf(row: LineRow): CatalogOverrideFields | undefined {
  return (row.catalog_override_fields ?? undefined) as CatalogOverrideFields | undefined;
}

/** The catalogue reference a stored line was added with. */
export function refOf(row: LineRow): CatalogRef {
  return { appId: row.app_id, catalogItemId: row.catalog_item_id, options: row.catalog_options };
}

/** How much of `quantity` the catalogue can sell now. */
function availabilityOf(item: CatalogItem | undefined, quantity: number): Pick<CartLine, 'status' | 'quantityAvailable'> {
  if (!item) return { status: 'NOT_FOUND', quantityAvailable: 0 };
  if (!item.stock.inStock) return { status: 'NOT_AVAILABLE', quantityAvailable: 0 };
  if (!item.stock.tracked) return { status: 'AVAILABLE' };
  const left = item.stock.quantity ?? 0;
  return left >= quantity ? { status: 'AVAILABLE', quantityAvailable: left } : { status: 'PARTIALLY_AVAILABLE', quantityAvailable: left };
}

/** The lines of a cart with their items (`items[i]` resolves `rows[i]`; custom lines ignore theirs). */
export function cartLinesOf(rows: readonly LineRow[], items: readonly (CatalogItem | undefined)[], currency: string): CartLine[] {
  return rows.map((row, i) => {
    if (row.custom) {
      const custom = row.custom as unknown as CustomContent;
      const unitPrice = toMinor(custom.price, currency);
      const fullUnitPrice = custom.fullPrice ? toMinor(custom.fullPrice, currency) : unitPrice;
      return { row, custom, status: 'AVAILABLE', unitPrice, fullUnitPrice };
    }
    const item = items[i];
    const availability = availabilityOf(item, row.quantity);
    if (!item) return { row, ...availability, unitPrice: 0n, fullUnitPrice: 0n };
    // A merchant's override replaces the catalogue's price (and full price) of this line.
    const overrides = overridesOf(row);
    const unitPrice = overrides?.price ? toMinor(overrides.price, currency) : item.price;
    const fullUnitPrice = overrides?.fullPrice ? toMinor(overrides.fullPrice, currency) : overrides?.price ? unitPrice : item.fullPrice;
    return { row, item, ...availability, unitPrice, fullUnitPrice };
  });
}

/** Whether a line can be paid now in its quantity. */
export const isPayable = (line: CartLine) => line.status === 'AVAILABLE';

/** Whether a custom line needs shipping (physical unless it says otherwise). */
function customShippable(content: CustomContent): boolean {
  if (content.physicalProperties?.shippable !== undefined) return content.physicalProperties.shippable;
  return (content.itemType?.preset ?? 'PHYSICAL') === 'PHYSICAL';
}

/** A weight as an exact decimal string, when it is a finite number. */
export function weightText(weight: number | string | null | undefined): string | undefined {
  if (weight === null || weight === undefined) return undefined;
  const numeric = typeof weight === 'number' ? weight : Number(weight);
  return Number.isFinite(numeric) && numeric >= 0 ? String(weight) : undefined;
}

/** The totals engine's view of a line. */
export function pricedLineOf(line: CartLine): PricedLine {
  const content = line.custom;
  return {
    id: line.row.id,
    productId: line.item?.productId,
    collectionIds: line.item?.collectionIds ?? [],
    quantity: line.row.quantity,
    unitPrice: line.unitPrice,
    fullUnitPrice: line.fullUnitPrice,
    weight: content
      ? weightText(content.physicalProperties?.weight)
      : (weightText(overridesOf(line.row)?.physicalProperties?.weight) ?? line.item?.weight),
    shippable: content ? customShippable(content) : line.item?.itemType === 'PHYSICAL',
  };
}
