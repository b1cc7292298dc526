import { chosenTimeText, lineOptionsText, regionText, shippingRowLabel } from '@vitrine/sdk/wording';
import type { MailOrder, MailPickup } from '../../mails/mail-data.js';
import type { WireContactDetails, WireOrder } from './schemas.js';

/** One-line address for the mail ("1 Main St, Springfield, IL 62701, US"). */
export function addressLine(address: Record<string, unknown> | undefined): string {
  if (!address) return '';
  const street =
    address.addressLine ??
    [(address.streetAddress as Record<string, string>)?.number, (address.streetAddress as Record<string, string>)?.name]
      .filter(Boolean)
      .join(' ');
  const region = regionText(address.subdivision as string | undefined, address.country as string | undefined);
  return [street, address.addressLine2, address.city, [region, address.postalCode].filter(Boolean).join(' '), address.country]
    .filter((part) => typeof part === 'string' && part.trim())
    .join(', ');
}

/** "Ada Lovelace, Ada & Co, +1 555 0100": who receives or pays, as one line. */
function recipientLine(contact: WireContactDetails | undefined): string {
  if (!contact) return '';
  return [[contact.firstName, contact.lastName].filter(Boolean).join(' '), contact.company, contact.phone].filter(Boolean).join(', ');
}

/** "Ada Lovelace, 1 Main St, Springfield, IL 62701, US": the person and the place. */
function addressWithRecipient(address: Record<string, unknown> | undefined, contact: WireContactDetails | undefined): string {
  return [recipientLine(contact), addressLine(address)].filter(Boolean).join(', ');
}

/**
 * How the order reaches the buyer, in one line, as its mails and pages say it: "Standard shipping to
 * Ada Lovelace, 1 Main St, Springfield, US", or the pickup place and what to bring; the time the buyer
 * chose, when they chose one ("… on Sun, Nov 29, 10 AM – 12 PM (Eastern Time)").
 */
export function deliveryText(order: WireOrder): string | undefined {
  const shipping = order.shippingInfo;
  if (!shipping) return undefined;
  const chosenTime = chosenTimeText(shipping.deliveryTimeSlot);
  const when = chosenTime ? ` on ${chosenTime}` : '';
  if (shipping.pickup) {
    const pickupFor = recipientLine(shipping.contactDetails);
    const instructions = shipping.pickup.instructions ? `. ${shipping.pickup.instructions}` : '';
    return `${shipping.title}${pickupFor ? ` for ${pickupFor}` : ''}: pick up at ${addressLine(shipping.pickup.address) || 'the shop'}${when}${instructions}`;
  }
  return `${shipping.title} to ${addressWithRecipient(shipping.address, shipping.contactDetails)}${when}`;
}

/** Where, when and how the buyer collects a pickup order; nothing for an order that is sent. */
export function pickupOf(order: WireOrder): MailPickup | undefined {
  const pickup = order.shippingInfo?.pickup;
  if (!pickup) return undefined;
  const time = chosenTimeText(order.shippingInfo?.deliveryTimeSlot);
  return {
    place: addressLine(pickup.address) || 'the shop',
    ...(time ? { time } : {}),
    ...(pickup.instructions ? { instructions: pickup.instructions } : {}),
  };
}

/** The order as the buyer's mails show it: amounts formatted, delivery and billing as lines, and where to read it. */
export function mailOrderOf(order: WireOrder, link: string): MailOrder {
  const summary = order.priceSummary;
  const totals = [
    { label: 'Subtotal', amount: summary.subtotal.formattedAmount },
    ...(order.appliedDiscounts.length ? [{ label: 'Discount', amount: `-${summary.discount.formattedAmount}` }] : []),
    // the option is named under Delivery, so the row says only whether it is sent or collected
    { label: shippingRowLabel({ pickup: order.shippingInfo?.pickup !== undefined }), amount: summary.shipping.formattedAmount },
    { label: 'Tax', amount: summary.tax.formattedAmount },
    { label: 'Total', amount: summary.total.formattedAmount },
  ];
  const delivery = deliveryText(order);
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
