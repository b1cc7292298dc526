import { webLink } from '../platform/http/web-link.js';
import type { MailOrder, MailShop } from './mail-data.js';
import { lineLabel } from './mail-layout.js';
import { footerLines, placedLine, QUESTIONS } from './shop-lines.js';

/** The plain-text twin of `MailLayout`: heading, the body's paragraphs, the order's link, the footer. */
export function textMail(shop: MailShop, heading: string, order: MailOrder, paragraphs: (string | undefined)[]): string {
  const link = webLink(order.link);
  const footer = footerLines(shop);
  const signature = [footer.why, footer.contact && `${QUESTIONS} ${footer.contact}`, footer.sender].filter(Boolean).join('\n');
  return `${[
    [heading, placedLine(order, shop)].filter(Boolean).join('\n'),
    ...paragraphs.filter((x): x is string => Boolean(x)),
    ...(link ? [`View your order: ${link}`] : []),
    `-- \n${signature}`,
  ].join('\n\n')}\n`;
}

/** The plain-text twin of `OrderSummary`: one line per order line, then the totals. */
export function orderSummaryText(order: MailOrder): string {
  return [
    order.lines.map((l) => `${lineLabel(l)}: ${l.total}`).join('\n'),
    order.totals.map((t) => `${t.label}: ${t.amount}`).join('\n'),
  ].join('\n\n');
}
