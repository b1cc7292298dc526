/**
 * The merchant's order list as CSV (issue #24): one row per order, the columns a spreadsheet of
 * sales needs. Quoting and formula-injection protection (a cell starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return gets a leading `'`, OWASP "CSV Injection") are csv-stringify's.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { WireContactDetails, WireOrder } from './schemas.js';

const fullName = (c: WireContactDetails | undefined) => [c?.firstName, c?.lastName].filter(Boolean).join(' ');

/** A stored address on one line: street, city, postal code, region, country. */
function oneLine(address: Record<string, unknown> | undefined): string {
  if (!address) return '';
  const parts = ['addressLine', 'addressLine2', 'city', 'postalCode', 'subdivision', 'country'].map((k) => address[k]);
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(', ');
}

/** The columns, each a heading and how an order fills it. */
const COLUMNS: [heading: string, cell: (o: WireOrder) => string | number][] = [
  ['Number', (o) => o.number],
  ['Created', (o) => o.createdDate],
  ['Status', (o) => o.status],
  ['Payment status', (o) => o.paymentStatus],
  ['Fulfillment status', (o) => o.fulfillmentStatus],
  ['Email', (o) => o.buyerInfo.email],
  ['Buyer', (o) => fullName(o.billingInfo.contactDetails)],
  ['Recipient', (o) => fullName(o.shippingInfo?.contactDetails)],
  ['Shipping address', (o) => oneLine(o.shippingInfo?.address)],
  ['Items', (o) => o.lineItems.reduce((n, l) => n + l.quantity, 0)],
  ['Currency', (o) => o.currency],
  ['Subtotal', (o) => o.priceSummary.subtotal.amount],
  ['Discount', (o) => o.priceSummary.discount.amount],
  ['Shipping', (o) => o.priceSummary.shipping.amount],
  ['Tax', (o) => o.priceSummary.tax.amount],
  ['Total', (o) => o.priceSummary.total.amount],
  ['Refunded', (o) => o.refundedTotal.amount],
  ['Payment method', (o) => o.paymentMethod.title],
  ['Shipping method', (o) => o.shippingInfo?.title ?? ''],
];

/** The orders as a CSV stream: a heading row, then a row per order as the pages arrive. */
export function ordersCsv(orders: AsyncIterable<WireOrder>): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const order of orders) yield COLUMNS.map(([, cell]) => cell(order));
    })(),
  );
  return rows.pipe(stringify({ header: true, columns: COLUMNS.map(([heading]) => heading), escape_formulas: true, bom: true }));
}
