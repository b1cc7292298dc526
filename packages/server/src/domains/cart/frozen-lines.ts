import { toDecimal } from '../../platform/money/money.js';
import type { CartLine } from './cart-lines.js';
import { pricedLineOf } from './cart-lines.js';
import type { FrozenLine } from './checkout-port.js';

const ITEM_TYPES = new Set(['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE']);

/** A cart line as a checkout freezes it (prices now, in the cart currency). */
export function frozenLineOf(line: CartLine, currency: string): FrozenLine {
  const priced = pricedLineOf(line);
  const { item, custom } = line;
  const preset = custom?.itemType?.preset ?? item?.itemType ?? 'PHYSICAL';
  const image = item?.image?.url ?? (typeof custom?.image?.url === 'string' ? custom.image.url : undefined);
  return {
    lineItemId: line.row.id,
    productId: item?.productId,
    variantId: item?.variantId,
    custom: Boolean(custom),
    name: item?.name ?? custom?.productName.original ?? '',
    quantity: line.row.quantity,
    price: toDecimal(line.unitPrice, currency),
    fullPrice: toDecimal(line.fullUnitPrice, currency),
    sku: item?.sku ?? custom?.physicalProperties?.sku ?? undefined,
    weight: priced.weight,
    shippable: priced.shippable,
    collectionIds: priced.collectionIds,
    imageUrl: image,
    url: item?.url.url ?? custom?.url?.url,
    descriptionLines:
      item?.descriptionLines.map((descriptionLine) => ({
        name: descriptionLine.name,
        value: descriptionLine.value,
        ...(descriptionLine.color?.code ? { color: descriptionLine.color.code } : {}),
      })) ?? [],
    itemType: (ITEM_TYPES.has(preset) ? preset : 'PHYSICAL') as FrozenLine['itemType'],
  };
}
