import { renderToStaticMarkup } from '../pages/static-markup.js';
import { cancelledMail } from './cancelled-mail.js';
import type { MailDataOf, MailShop, OrderMailData, OrderMailKind } from './mail-data.js';
import { MailLayout } from './mail-layout.js';
import type { MailTemplate } from './mail-template.js';
import { textMail } from './mail-text.js';
import { orderReceivedMail } from './order-received-mail.js';
import { paymentReceivedMail } from './payment-received-mail.js';
import { refundedMail } from './refunded-mail.js';
import { shippedMail } from './shipped-mail.js';

const TEMPLATES: { [K in OrderMailKind]: MailTemplate<K> } = {
  'order-received': orderReceivedMail,
  'payment-received': paymentReceivedMail,
  shipped: shippedMail,
  cancelled: cancelledMail,
  refunded: refundedMail,
};

/** A rendered mail: subject, HTML document and plain text. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Renders one of the buyer's mails: React for the HTML (every value escaped), the same data as text. */
export function renderOrderMail(data: OrderMailData, shop: MailShop): RenderedMail {
  return renderWith(TEMPLATES[data.kind] as MailTemplate<typeof data.kind>, data, shop);
}

/** A mail's subject alone (the outbox's list). */
export function orderMailSubject(data: OrderMailData, shop: MailShop): string {
  return (TEMPLATES[data.kind] as MailTemplate<typeof data.kind>).subject(data, shop);
}

function renderWith<K extends OrderMailKind>(template: MailTemplate<K>, data: MailDataOf<K>, shop: MailShop): RenderedMail {
  const heading = template.heading(data);
  const Body = template.Body;
  const document = (
    <MailLayout shop={shop} heading={heading} order={data.order}>
      <Body data={data} />
    </MailLayout>
  );
  const html = `<!doctype html>${renderToStaticMarkup(document)}`;
  return { subject: template.subject(data, shop), html, text: textMail(shop, heading, data.order, template.textBody(data)) };
}
