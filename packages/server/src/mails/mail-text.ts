import { webLink } from '../platform/http/web-link.js';
import type { MailOrder, MailShop } from './mail-data.js';
import { lineLabel } from './mail-layout.js';

/** The plain-text twin of `MailLayout`: heading, the body's paragraphs, the order's link, the footer. */
export function textMail(shop: MailShop, heading: string, order: MailOrder, paragraphs: (string | undefined)[]): string {
  const link = webLink(order.link);
  return `${[
    heading,
    ...paragraphs.filter((x): x is string => Boolean(x)),
    ...(link ? [`View your order: ${link}`] : []),
    `-- \nYou receive this e-mail because you ordered at ${shop.shopName}.`,
  ].join('\n\n')}\n`;
}

/** The plain-text twin of `OrderSummary`: one line per order line, then the totals. */
export function orderSummaryText(order: MailOrder): string {
  return [
    order.lines.map((l) => `${lineLabel(l)}: ${l.total}`).join('\n'),
    order.totals.map((t) => `${t.label}: ${t.amount}`).join('\n'),
  ].join('\n\n');
}
