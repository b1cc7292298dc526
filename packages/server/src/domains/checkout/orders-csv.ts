/**
 * The merchant's order list as CSV (issue #24): one row per order, the columns a spreadsheet of
 * sales needs. Quoting and formula-injection protection (a cell starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return gets a leading `'`, OWASP "CSV Injection") are csv-stringify's.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { WireContactDetails, WireOrder } from './schemas.js';

const fullName = (contact: WireContactDetails | undefined) => [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');

/** A stored address on one line: street, city, postal code, region, country. */
function oneLine(address: Record<string, unknown> | undefined): string {
  if (!address) return '';
  const parts = ['addressLine', 'addressLine2', 'city', 'postalCode', 'subdivision', 'country'].map((key) => address[key]);
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(', ');
}

/** The columns, each a heading and how an order fills it. */
const COLUMNS: [heading: string, cell: (order: WireOrder) => string | number][] = [
  ['Number', (order) => order.number],
  ['Created', (order) => order.createdDate],
  ['Status', (order) => order.status],
  ['Payment status', (order) => order.paymentStatus],
  ['Fulfillment status', (order) => order.fulfillmentStatus],
  ['Email', (order) => order.buyerInfo.email],
  ['Buyer', (order) => fullName(order.billingInfo.contactDetails)],
  ['Recipient', (order) => fullName(order.shippingInfo?.contactDetails)],
  ['Shipping address', (order) => oneLine(order.shippingInfo?.address)],
  ['Items', (order) => order.lineItems.reduce((total, line) => total + line.quantity, 0)],
  ['Currency', (order) => order.currency],
  ['Subtotal', (order) => order.priceSummary.subtotal.amount],
  ['Discount', (order) => order.priceSummary.discount.amount],
  ['Shipping', (order) => order.priceSummary.shipping.amount],
  ['Tax', (order) => order.priceSummary.tax.amount],
  ['Total', (order) => order.priceSummary.total.amount],
  ['Refunded', (order) => order.refundedTotal.amount],
  ['Payment method', (order) => order.paymentMethod.title],
  ['Shipping method', (order) => order.shippingInfo?.title ?? ''],
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
