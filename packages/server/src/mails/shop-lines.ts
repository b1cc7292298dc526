/**
 * The lines every buyer's mail takes from the shop's settings, the same in HTML and text: when the
 * order was placed (in the shop's time zone) and the footer naming the sender, its postal address
 * and its contact e-mail. A part the merchant did not set gives no line.
 */
import { formatLocalDateTime } from '../platform/date-time.js';
import type { MailOrder, MailShop } from './mail-data.js';

/** "Placed 27 November 2026, 12:30 GMT+13"; nothing for a mail queued before orders carried the date. */
export function placedLine(order: MailOrder, shop: MailShop): string | undefined {
  return order.placedDate ? `Placed ${formatLocalDateTime(order.placedDate, shop.timeZone)}` : undefined;
}

/** Why the buyer has the mail and who sent it: "Corner Shop, 1 Main St, Berlin, 10115, Germany". */
export function footerLines(shop: MailShop): { why: string; sender?: string; contact?: string } {
  return {
    why: `You receive this e-mail because you ordered at ${shop.shopName}.`,
    ...(shop.address ? { sender: `${shop.shopName}, ${shop.address}` } : {}),
    ...(shop.contactEmail ? { contact: shop.contactEmail } : {}),
  };
}

/** What the footer asks the buyer to do with a question, before the address. */
export const QUESTIONS = 'Questions about your order?';
