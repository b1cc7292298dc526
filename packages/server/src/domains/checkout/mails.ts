import { escapeHtml } from '../../platform/mail/escape-html.js';
import type { Mail } from '../../platform/mail/mailer.js';
import type { WireContactDetails, WireOrder } from './schemas.js';

/** One-line address for the mail ("1 Main St, Springfield, US-IL 62701, US"). */
export function addressLine(a: Record<string, unknown> | undefined): string {
  if (!a) return '';
  const street =
    a.addressLine ??
    [(a.streetAddress as Record<string, string>)?.number, (a.streetAddress as Record<string, string>)?.name].filter(Boolean).join(' ');
  return [street, a.addressLine2, a.city, [a.subdivision, a.postalCode].filter(Boolean).join(' '), a.country]
    .filter((x) => typeof x === 'string' && x.trim())
    .join(', ');
}

/** "Ada Lovelace, Ada & Co, +1 555 0100": who receives or pays, as one line. */
export function recipientLine(c: WireContactDetails | undefined): string {
  if (!c) return '';
  return [[c.firstName, c.lastName].filter(Boolean).join(' '), c.company, c.phone].filter(Boolean).join(', ');
}

/** "Ada Lovelace, 1 Main St, Springfield, US-IL 62701, US": the person and the place. */
export function addressWithRecipient(a: Record<string, unknown> | undefined, c: WireContactDetails | undefined): string {
  return [recipientLine(c), addressLine(a)].filter(Boolean).join(', ');
}

/**
 * The order confirmation: number, lines, totals, delivery and what to do to pay, as plain text and
 * the same as simple, escaped HTML.
 */
export function orderConfirmationMail(order: WireOrder, shopName: string, orderUrl?: string): Mail {
  const s = order.priceSummary;
  const rows: [string, string][] = [
    ['Subtotal', s.subtotal.formattedAmount],
    ...(order.appliedDiscounts.length ? [['Discount', `-${s.discount.formattedAmount}`] as [string, string]] : []),
    ['Shipping', s.shipping.formattedAmount],
    ['Tax', s.tax.formattedAmount],
    ['Total', s.total.formattedAmount],
  ];
  const lines = order.lineItems.map((l) => ({
    text: `${l.quantity} × ${l.name}${l.descriptionLines.length ? ` (${l.descriptionLines.map((d) => `${d.name}: ${d.value}`).join(', ')})` : ''}`,
    amount: l.totalPrice.formattedAmount,
  }));
  const delivery = order.shippingInfo
    ? `${order.shippingInfo.title}${order.shippingInfo.pickup ? '' : ` to ${addressWithRecipient(order.shippingInfo.address, order.shippingInfo.contactDetails)}`}`
    : undefined;
  const billing = addressWithRecipient(order.billingInfo.address, order.billingInfo.contactDetails) || undefined;
  const text = [
    `Thank you for your order at ${shopName}.`,
    `Order number: ${order.number}`,
    lines.map((l) => `${l.text}: ${l.amount}`).join('\n'),
    rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
    ...(delivery ? [`Delivery: ${delivery}`] : []),
    ...(billing ? [`Billing: ${billing}`] : []),
    `Payment: ${order.paymentMethod.title}. ${order.paymentMethod.instructions}`,
    ...(orderUrl ? [`Your order: ${orderUrl}`] : []),
  ].join('\n\n');
  const cell = (v: string, right = false) => `<td style="padding:4px 8px${right ? ';text-align:right' : ''}">${escapeHtml(v)}</td>`;
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif">',
    `<p>Thank you for your order at ${escapeHtml(shopName)}.</p>`,
    `<h1 style="font-size:1.25rem">Order ${escapeHtml(order.number)}</h1>`,
    `<table style="border-collapse:collapse">${lines.map((l) => `<tr>${cell(l.text)}${cell(l.amount, true)}</tr>`).join('')}</table>`,
    `<table style="border-collapse:collapse;margin-top:8px">${rows.map(([k, v]) => `<tr>${cell(k)}${cell(v, true)}</tr>`).join('')}</table>`,
    delivery ? `<p>Delivery: ${escapeHtml(delivery)}</p>` : '',
    billing ? `<p>Billing: ${escapeHtml(billing)}</p>` : '',
    `<p>Payment: ${escapeHtml(order.paymentMethod.title)}. ${escapeHtml(order.paymentMethod.instructions).replaceAll('\n', '<br>')}</p>`,
    orderUrl ? `<p><a href="${escapeHtml(orderUrl)}">Your order</a></p>` : '',
    '</body></html>',
  ].join('');
  return { to: order.buyerInfo.email, subject: `Your order ${order.number} at ${shopName}`, text: `${text}\n`, html };
}
