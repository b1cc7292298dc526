/** The one mapping of an order row to the wire order its buyer and the merchant read. */
import { SHIPPING_CARRIERS } from '@vitrine/sdk';
import { toMinor } from '../../platform/money/money.js';
import { fulfilledUnits, fulfillmentsOf, refundedUnits, refundsOf } from './order-history.js';
import type { OrderLine, OrderShipping, OrderTotals } from './order-record.js';
import type { PaymentProviders } from './payments.js';
import type { WireContactDetails, WireOrder } from './schemas.js';
import type { OrderRow } from './store.js';

/** A price as the cart wire shows it (amount, converted amount, both formatted). */
type WirePrice = WireOrder['priceSummary']['total'];

/** Formats minor units of a currency as a wire price (the totals area's `multiCurrencyPrice` with the shop's display currency). */
export type PriceFormat = (minor: bigint, currency: string) => WirePrice;

/** The order as the wire carries it. */
export function toWireOrder(row: OrderRow, price: PriceFormat, payments: PaymentProviders): WireOrder {
  const currency = row.currency;
  const priced = (decimal: string) => price(toMinor(decimal, currency), currency);
  const totals = row.totals as unknown as OrderTotals;
  const lines = row.line_items as unknown as OrderLine[];
  const shipping = row.shipping_option as unknown as OrderShipping | null;
  const provider = payments.find(row.payment_method);
  const contact = (row.contact_info ?? {}) as { contactDetails?: unknown; billingContactDetails?: unknown };
  const recipient = contactDetailsOf(contact.contactDetails);
  const payer = contactDetailsOf(contact.billingContactDetails) ?? recipient;
  const fulfilled = fulfilledUnits(row);
  const refunded = refundedUnits(row);
  return {
    id: row.id,
    number: orderNumberOf(row),
    checkoutId: row.checkout_id,
    status: row.status,
    paymentStatus: row.payment_status,
    fulfillmentStatus: row.fulfillment_status,
    createdDate: row.created_date.toISOString(),
    updatedDate: row.updated_date.toISOString(),
    currency: currency,
    lineItems: lines.map((line) => ({
      id: line.lineItemId,
      ...(line.productId ? { productId: line.productId } : {}),
      ...(line.variantId ? { variantId: line.variantId } : {}),
      name: line.name,
      quantity: line.quantity,
      price: priced(line.price),
      fullPrice: priced(line.fullPrice),
      totalPrice: priced(line.lineTotal),
      ...(line.imageUrl ? { image: line.imageUrl } : {}),
      ...(line.url ? { url: line.url } : {}),
      ...(line.sku ? { sku: line.sku } : {}),
      descriptionLines: line.descriptionLines,
      itemType: line.itemType,
      fulfilledQuantity: fulfilled.get(line.lineItemId) ?? 0,
      refundedQuantity: refunded.get(line.lineItemId) ?? 0,
    })),
    priceSummary: {
      subtotal: priced(totals.subtotal),
      discount: priced(totals.discount),
      shipping: priced(totals.shipping),
      tax: priced(totals.tax),
      total: priced(totals.total),
    },
    appliedDiscounts: totals.appliedDiscounts.map((discount) => ({ ...discount, amount: priced(discount.amount) })),
    ...(shipping
      ? {
          shippingInfo: {
            code: shipping.code,
            title: shipping.title,
            carrierId: shipping.carrierId,
            cost: priced(shipping.price),
            ...(shipping.deliveryTime ? { deliveryTime: shipping.deliveryTime } : {}),
            ...(shipping.pickup ? { pickup: shipping.pickup } : {}),
            ...(shipping.deliveryTimeSlot ? { deliveryTimeSlot: shipping.deliveryTimeSlot } : {}),
            ...(row.shipping_address ? { address: row.shipping_address } : {}),
            ...(recipient ? { contactDetails: recipient } : {}),
          },
        }
      : {}),
    billingInfo: {
      ...(row.billing_address ? { address: row.billing_address } : {}),
      ...(payer ? { contactDetails: payer } : {}),
    },
    buyerInfo: {
      email: row.email,
      ...(row.member_id ? { memberId: row.member_id } : {}),
      ...(row.visitor_id ? { visitorId: row.visitor_id } : {}),
    },
    paymentMethod: {
      id: row.payment_method,
      title: provider?.title ?? row.payment_method,
      instructions: provider ? provider.instructions(paymentOrderOf(row, price)) : '',
    },
    ...merchantChanges(row),
    ...history(row, price),
  };
}

/** The order's fulfilments (with the carrier's name) and refunds (amounts as wire prices), and what the refunds came to. */
function history(row: OrderRow, price: PriceFormat): Pick<WireOrder, 'fulfillments' | 'refunds' | 'refundedTotal'> {
  const currency = row.currency;
  const refunds = refundsOf(row);
  const minor = refunds.map((refund) => toMinor(refund.amount, currency));
  return {
    fulfillments: fulfillmentsOf(row).map((fulfillment) => ({
      ...fulfillment,
      carrier: { code: fulfillment.carrier, name: SHIPPING_CARRIERS.find((known) => known.code === fulfillment.carrier)?.name ?? 'Other' },
    })),
    refunds: refunds.map(({ restocked: _restocked, ...refund }, i) => ({ ...refund, amount: price(minor[i], currency) })),
    refundedTotal: price(
      minor.reduce((sum, amount) => sum + amount, 0n),
      currency,
    ),
  };
}

/** The name, company and phone kept with the checkout (typed on the hosted page, or the cart's contact details), texts only. */
export function contactDetailsOf(stored: unknown): WireContactDetails | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const fields = ['firstName', 'lastName', 'company', 'phone'] as const;
  const details: WireContactDetails = {};
  for (const field of fields) {
    const value = (stored as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim()) details[field] = value;
  }
  return Object.keys(details).length ? details : undefined;
}

/** What the merchant's actions recorded: when it was paid, how it was fulfilled, when and why it was canceled. */
function merchantChanges(row: OrderRow): Pick<WireOrder, 'paidDate' | 'fulfillmentInfo' | 'cancellation'> {
  return {
    ...(row.paid_date ? { paidDate: row.paid_date.toISOString() } : {}),
    ...(row.fulfilled_date
      ? {
          fulfillmentInfo: {
            fulfilledDate: row.fulfilled_date.toISOString(),
            ...(row.tracking_number ? { trackingNumber: row.tracking_number } : {}),
            ...(row.tracking_url ? { trackingUrl: row.tracking_url } : {}),
          },
        }
      : {}),
    ...(row.canceled_date
      ? { cancellation: { canceledDate: row.canceled_date.toISOString(), ...(row.cancel_reason ? { reason: row.cancel_reason } : {}) } }
      : {}),
  };
}

/** The order's number as the buyer reads it: the shop's prefix when it was placed, then its sequence number ("SHOP-10001"). */
function orderNumberOf(row: Pick<OrderRow, 'number' | 'number_prefix'>): string {
  return `${row.number_prefix}${row.number}`;
}

/** What a payment provider sees of a stored order. */
export function paymentOrderOf(
  row: Pick<OrderRow, 'number' | 'number_prefix' | 'currency' | 'totals' | 'shipping_option'>,
  price: PriceFormat,
) {
  const totals = row.totals as unknown as OrderTotals;
  const shipping = row.shipping_option as unknown as OrderShipping | null;
  return {
    number: orderNumberOf(row),
    total: totals.total,
    formattedTotal: price(toMinor(totals.total, row.currency), row.currency).formattedAmount,
    currency: row.currency,
    pickup: !!shipping?.pickup,
  };
}
