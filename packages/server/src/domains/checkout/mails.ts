import { lineOptionsText } from '@vitrine/sdk/line-options';
import type { MailOrder } from '../../mails/mail-data.js';
import type { WireContactDetails, WireOrder } from './schemas.js';

/** One-line address for the mail ("1 Main St, Springfield, US-IL 62701, US"). */
export function addressLine(address: Record<string, unknown> | undefined): string {
  if (!address) return '';
  const street =
    address.addressLine ??
    [(address.streetAddress as Record<string, string>)?.number, (address.streetAddress as Record<string, string>)?.name]
      .filter(Boolean)
      .join(' ');
  return [street, address.addressLine2, address.city, [address.subdivision, address.postalCode].filter(Boolean).join(' '), address.country]
    .filter((part) => typeof part === 'string' && part.trim())
    .join(', ');
}

/** "Ada Lovelace, Ada & Co, +1 555 0100": who receives or pays, as one line. */
export function recipientLine(contact: WireContactDetails | undefined): string {
  if (!contact) return '';
  return [[contact.firstName, contact.lastName].filter(Boolean).join(' '), contact.company, contact.phone].filter(Boolean).join(', ');
}

/** "Ada Lovelace, 1 Main St, Springfield, US-IL 62701, US": the person and the place. */
export function addressWithRecipient(address: Record<string, unknown> | undefined, contact: WireContactDetails | undefined): string {
  return [recipientLine(contact), addressLine(address)].filter(Boolean).join(', ');
}

/** The order as the buyer's mails show it: amounts formatted, delivery and billing as lines, and where to read it. */
export function mailOrderOf(order: WireOrder, link: string): MailOrder {
  const summary = order.priceSummary;
  const totals = [
    { label: 'Subtotal', amount: summary.subtotal.formattedAmount },
    ...(order.appliedDiscounts.length ? [{ label: 'Discount', amount: `-${summary.discount.formattedAmount}` }] : []),
    { label: 'Shipping', amount: summary.shipping.formattedAmount },
    { label: 'Tax', amount: summary.tax.formattedAmount },
    { label: 'Total', amount: summary.total.formattedAmount },
  ];
  const delivery = order.shippingInfo
    ? `${order.shippingInfo.title}${order.shippingInfo.pickup ? '' : ` to ${addressWithRecipient(order.shippingInfo.address, order.shippingInfo.contactDetails)}`}`
    : undefined;
  const billing = addressWithRecipient(order.billingInfo.address, order.billingInfo.contactDetails) || undefined;
  return {
    number: order.number,
    placedDate: order.createdDate,
    link,
    lines: order.lineItems.map((line) => ({
      quantity: line.quantity,
      name: line.name,
      details: lineOptionsText(line.descriptionLines),
      total: line.totalPrice.formattedAmount,
    })),
    totals,
    ...(delivery ? { delivery } : {}),
    ...(billing ? { billing } : {}),
    payment: { title: order.paymentMethod.title, instructions: order.paymentMethod.instructions },
  };
}
