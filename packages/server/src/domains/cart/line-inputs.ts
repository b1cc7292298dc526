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
  const refs: CatalogRef[] = lines.map((line) => ({
    appId: line.catalogReference.appId,
    catalogItemId: line.catalogReference.catalogItemId,
    options: line.catalogReference.options,
  }));
  const items = refs.length || alsoRefs.length ? await catalog.resolve(db, [...refs, ...alsoRefs]) : [];
  for (const [i, line] of lines.entries()) {
    const overrides = line.catalogOverrideFields;
    requireFitsCurrency(overrides?.price, `lineItems[${i}].catalogOverrideFields.price`, currency);
    requireFitsCurrency(overrides?.fullPrice, `lineItems[${i}].catalogOverrideFields.fullPrice`, currency);
  }
  return lines.map((line, i) => ({
    kind: 'catalog',
    field: `lineItems[${i}]`,
    quantity: line.quantity ?? 1,
    ref: refs[i] as CatalogRef,
    item: items[i],
    serviceProperties: line.serviceProperties,
    catalogOverrideFields: line.catalogOverrideFields,
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
  return inputs.map((input, i) => {
    const field = `customLineItems[${i}]`;
    requireFitsCurrency(input.price, `${field}.price`, currency);
    requireFitsCurrency(input.fullPrice, `${field}.fullPrice`, currency);
    const custom: CustomContent = {
      productName: input.productName,
      price: input.price,
      ...(input.fullPrice ? { fullPrice: input.fullPrice } : {}),
      ...(input.priceDescription ? { priceDescription: input.priceDescription } : {}),
      ...(input.descriptionLines ? { descriptionLines: input.descriptionLines } : {}),
      ...(input.media ? { image: input.media } : {}),
      ...(input.url ? { url: input.url } : {}),
      ...(input.itemType ? { itemType: input.itemType } : {}),
      ...(input.physicalProperties ? { physicalProperties: input.physicalProperties } : {}),
      ...(input.catalogReference ? { catalogReference: input.catalogReference } : {}),
    };
    return { kind: 'custom', field, quantity: input.quantity ?? 1, custom, serviceProperties: input.serviceProperties };
  });
}
