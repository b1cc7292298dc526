/**
 * The cart as the wire carries it (the corpus's `cart`): lines with their catalogue data and
 * availability now, money as `MultiCurrencyPrice` with decimal strings, the owner, the coupon.
 */
import type { WireCart } from './answer-schemas.js';
import { type CartLine, type CustomContent, overridesOf, weightText } from './cart-lines.js';
import type { CatalogItem } from './catalog-port.js';
import type { CartRow } from './store.js';
import type { CouponNotApplied, LinePaymentOption } from './totals/model.js';
import { couponErrorWire, type DisplayCurrency, multiCurrencyPrice } from './totals/wire.js';

export type { DisplayCurrency, WireCart };

/** The coupon on the cart as the view shows it. */
interface ViewCoupon {
  id: string;
  code: string;
  name: string;
  /** what it takes off the lines now (minor units); undefined when not computed */
  amount?: bigint;
  /** why it takes nothing off now (the cart reports it as `calculationErrors.couponCalculationError`) */
  notApplied?: CouponNotApplied;
}

export interface CartViewInput {
  cart: CartRow;
  lines: readonly CartLine[];
  coupon?: ViewCoupon;
  taxIncludedInPrices: boolean;
  /** how the lines are paid (default FULL_PAYMENT_ONLINE) */
  linePaymentOption?: LinePaymentOption;
  display?: DisplayCurrency;
}

type Money = (minor: bigint) => ReturnType<typeof multiCurrencyPrice>;

const text = (value: string) => ({ original: value, translated: value });

function descriptionLinesOf(item: CatalogItem) {
  return item.descriptionLines.map((descriptionLine) =>
    descriptionLine.color
      ? {
          name: text(descriptionLine.name),
          colorInfo: { ...text(descriptionLine.value), code: descriptionLine.color.code },
          lineType: 'COLOR',
        }
      : { name: text(descriptionLine.name), plainText: text(descriptionLine.value), lineType: 'PLAIN_TEXT' },
  );
}

/** The part of a line that comes from the catalogue (or from the merchant's custom content). */
function contentOf(line: CartLine) {
  const { item, custom } = line;
  if (custom) return customContentOf(custom);
  if (!item) return {};
  // A merchant's overrides show instead of the catalogue's name, description, image, weight and sku.
  const overrides = overridesOf(line.row);
  const image = overrides?.image ?? item.image;
  const weight = weightText(overrides?.physicalProperties?.weight) ?? item.weight;
  const sku = overrides?.physicalProperties?.sku ?? item.sku;
  return {
    productName: overrides?.productName
      ? { original: overrides.productName.original, translated: overrides.productName.translated ?? overrides.productName.original }
      : text(item.name),
    url: item.url,
    descriptionLines: overrides?.descriptionLines ?? descriptionLinesOf(item),
    ...(image ? { image } : {}),
    physicalProperties: {
      ...(weight !== undefined ? { weight: Number(weight) } : {}),
      ...(sku !== undefined && sku !== null ? { sku } : {}),
      shippable: overrides?.physicalProperties?.shippable ?? item.itemType === 'PHYSICAL',
    },
    itemType: { preset: item.itemType },
  };
}

function customContentOf(content: CustomContent) {
  return {
    productName: { original: content.productName.original, translated: content.productName.translated ?? content.productName.original },
    ...(content.url ? { url: content.url } : {}),
    descriptionLines: content.descriptionLines ?? [],
    ...(content.image ? { image: content.image } : {}),
    ...(content.priceDescription ? { priceDescription: content.priceDescription } : {}),
    physicalProperties: {
      ...content.physicalProperties,
      shippable: content.physicalProperties?.shippable ?? (content.itemType?.preset ?? 'PHYSICAL') === 'PHYSICAL',
    },
    itemType: content.itemType ?? { preset: 'PHYSICAL' },
    customLineItem: true,
  };
}

/** One line of the wire cart. */
function toWireLine(line: CartLine, money: Money, paymentOption: LinePaymentOption = 'FULL_PAYMENT_ONLINE') {
  const { row } = line;
  const reference = line.custom?.catalogReference ?? {
    catalogItemId: row.catalog_item_id ?? undefined,
    appId: row.app_id ?? undefined,
    ...(row.catalog_options ? { options: row.catalog_options } : {}),
  };
  return {
    id: row.id,
    quantity: row.quantity,
    catalogReference: reference,
    ...contentOf(line),
    price: money(line.unitPrice),
    fullPrice: money(line.fullUnitPrice),
    priceBeforeDiscounts: money(line.unitPrice),
    availability: { status: line.status, ...(line.quantityAvailable !== undefined ? { quantityAvailable: line.quantityAvailable } : {}) },
    paymentOption,
    ...(row.catalog_override_fields ? { catalogOverrideFields: row.catalog_override_fields } : {}),
    ...(row.service_properties ? { serviceProperties: row.service_properties } : {}),
    createdDate: row.created_date.toISOString(),
  };
}

/** The merchant discounts as the cart lists them (amounts formatted; percentages as numbers). */
function merchantDiscountsOf(cart: CartRow, money: (decimal: string) => ReturnType<Money>) {
  return cart.merchant_discounts.map((discount) => ({
    merchantDiscount: 'amount' in discount ? { amount: money(discount.amount) } : { percentage: Number(discount.percentage) },
    ...(discount.lineItemIds?.length ? { lineItemIds: discount.lineItemIds } : {}),
  }));
}

/** The whole cart on the wire. */
export function toWireCart(view: CartViewInput, decimalToMinor: (decimal: string) => bigint): WireCart {
  const { cart } = view;
  const currency = cart.currency;
  const money: Money = (minor) => multiCurrencyPrice(minor, currency, view.display);
  const subtotal = view.lines.reduce((sum, line) => sum + line.unitPrice * BigInt(line.row.quantity), 0n);
  const coupon = view.coupon
    ? [
        {
          coupon: {
            id: view.coupon.id,
            code: view.coupon.code,
            name: view.coupon.name,
            ...(view.coupon.amount !== undefined ? { amount: money(view.coupon.amount) } : {}),
          },
        },
      ]
    : [];
  return {
    id: cart.id,
    lineItems: view.lines.map((line) => toWireLine(line, money, view.linePaymentOption)),
    buyerInfo: {
      ...(cart.member_id ? { memberId: cart.member_id } : { visitorId: cart.visitor_id ?? undefined }),
      ...(cart.email ? { email: cart.email } : {}),
    },
    currency,
    conversionCurrency: view.display?.currency ?? currency,
    weightUnit: 'KG',
    taxIncludedInPrices: view.taxIncludedInPrices,
    subtotal: money(subtotal),
    appliedDiscounts: [...coupon, ...merchantDiscountsOf(cart, (decimal) => money(decimalToMinor(decimal)))],
    // An extension of the reference's cart (issue #19): a coupon on the cart that takes nothing off says why.
    ...(view.coupon?.notApplied
      ? { calculationErrors: { couponCalculationError: couponErrorWire(view.coupon.notApplied, currency) } }
      : {}),
    ...(cart.contact_info ? { contactInfo: cart.contact_info } : {}),
    ...(cart.buyer_note !== null ? { buyerNote: cart.buyer_note } : {}),
    ...(cart.selected_shipping_option ? { selectedShippingOption: cart.selected_shipping_option } : {}),
    ...(cart.checkout_id ? { checkoutId: cart.checkout_id } : {}),
    createdDate: cart.created_date.toISOString(),
    updatedDate: cart.updated_date.toISOString(),
  };
}
