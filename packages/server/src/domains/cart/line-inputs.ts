/** Add-to-cart inputs (catalogue and custom lines) as the lines `addLines` writes. */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { ValidationFailure } from '../../platform/errors.js';
import { currencyExponent } from '../../platform/money/money.js';
import type { CustomContent } from './cart-lines.js';
import type { CartCatalogPort, CatalogRef } from './catalog-port.js';
import type { NewLine } from './line-changes.js';
import type { CustomLineItemInput, LineItemInput } from './schemas.js';

/** The catalogue lines of a request, resolved in one batch (with `alsoRefs`). */
export async function catalogLinesOf(
  db: Kysely<Database>,
  catalog: CartCatalogPort,
  inputs: readonly LineItemInput[] | undefined,
  currency: string,
  /** references resolved in the same batch (the cart's own lines, for its answer) */
  alsoRefs: readonly CatalogRef[] = [],
): Promise<NewLine[]> {
  const lines = inputs ?? [];
  const refs: CatalogRef[] = lines.map((l) => ({
    appId: l.catalogReference.appId,
    catalogItemId: l.catalogReference.catalogItemId,
    options: l.catalogReference.options,
  }));
  const items = refs.length || alsoRefs.length ? await catalog.resolve(db, [...refs, ...alsoRefs]) : [];
  for (const [i, l] of lines.entries()) {
    const o = l.catalogOverrideFields;
    requireFitsCurrency(o?.price, `lineItems[${i}].catalogOverrideFields.price`, currency);
    requireFitsCurrency(o?.fullPrice, `lineItems[${i}].catalogOverrideFields.fullPrice`, currency);
  }
  return lines.map((l, i) => ({
    kind: 'catalog',
    field: `lineItems[${i}]`,
    quantity: l.quantity ?? 1,
    ref: refs[i] as CatalogRef,
    item: items[i],
    serviceProperties: l.serviceProperties,
    catalogOverrideFields: l.catalogOverrideFields,
  }));
}

function requireFitsCurrency(amount: string | null | undefined, field: string, currency: string): void {
  const digits = amount?.split('.')[1]?.length ?? 0;
  const exp = currencyExponent(currency);
  if (digits > exp) {
    throw new ValidationFailure([
      { field, description: `must have at most ${exp} decimal places in ${currency}`, violatedRule: 'DECIMAL_MAX_SCALE' },
    ]);
  }
}

/** The custom lines of a merchant's request, as stored (prices checked against the currency's minor units). */
export function customLinesOf(inputs: readonly CustomLineItemInput[] = [], currency: string): NewLine[] {
  return inputs.map((l, i) => {
    const field = `customLineItems[${i}]`;
    requireFitsCurrency(l.price, `${field}.price`, currency);
    requireFitsCurrency(l.fullPrice, `${field}.fullPrice`, currency);
    const custom: CustomContent = {
      productName: l.productName,
      price: l.price,
      ...(l.fullPrice ? { fullPrice: l.fullPrice } : {}),
      ...(l.priceDescription ? { priceDescription: l.priceDescription } : {}),
      ...(l.descriptionLines ? { descriptionLines: l.descriptionLines } : {}),
      ...(l.media ? { image: l.media } : {}),
      ...(l.url ? { url: l.url } : {}),
      ...(l.itemType ? { itemType: l.itemType } : {}),
      ...(l.physicalProperties ? { physicalProperties: l.physicalProperties } : {}),
      ...(l.catalogReference ? { catalogReference: l.catalogReference } : {}),
    };
    return { kind: 'custom', field, quantity: l.quantity ?? 1, custom, serviceProperties: l.serviceProperties };
  });
}
