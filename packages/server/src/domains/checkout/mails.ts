import type { MailOrder } from '../../mails/mail-data.js';
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

/** The order as the buyer's mails show it: amounts formatted, delivery and billing as lines, and where to read it. */
export function mailOrderOf(order: WireOrder, link: string): MailOrder {
  const s = order.priceSummary;
  const totals = [
    { label: 'Subtotal', amount: s.subtotal.formattedAmount },
    ...(order.appliedDiscounts.length ? [{ label: 'Discount', amount: `-${s.discount.formattedAmount}` }] : []),
    { label: 'Shipping', amount: s.shipping.formattedAmount },
    { label: 'Tax', amount: s.tax.formattedAmount },
    { label: 'Total', amount: s.total.formattedAmount },
  ];
  const delivery = order.shippingInfo
    ? `${order.shippingInfo.title}${order.shippingInfo.pickup ? '' : ` to ${addressWithRecipient(order.shippingInfo.address, order.shippingInfo.contactDetails)}`}`
    : undefined;
  const billing = addressWithRecipient(order.billingInfo.address, order.billingInfo.contactDetails) || undefined;
  return {
    number: order.number,
    placedDate: order.createdDate,
    link,
    lines: order.lineItems.map((l) => ({
      quantity: l.quantity,
      name: l.name,
      details: l.descriptionLines.map((d) => `${d.name}: ${d.value}`).join(', '),
      total: l.totalPrice.formattedAmount,
    })),
    totals,
    ...(delivery ? { delivery } : {}),
    ...(billing ? { billing } : {}),
    payment: { title: order.paymentMethod.title, instructions: order.paymentMethod.instructions },
  };
}
