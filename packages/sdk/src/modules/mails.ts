/**
 * `mails`: the buyer's mails about orders (Vitrine's merchant API; the spec has no such calls): a
 * preview of each, and the outbox they are sent from. Merchant only: an API key or a merchant's
 * console tokens.
 */
import type { MailPreview, OrderMailKind, OutboxMail } from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';

const BASE = '/_api/vitrine/v1/mails';

export const mails = {
  /**
   * Renders a mail for an order (by id or number; absent: the newest, or a sample while there is
   * none) as HTML and text, without sending it; resolves to the preview.
   * @example const { subject, html } = await client.mails.previewMail('shipped', { orderId: '10001' });
   */
  previewMail: /* @__PURE__ */ call<(kind: OrderMailKind, options?: { orderId?: string }) => Promise<MailPreview>>({
    route: `GET ${BASE}/previews/{kind}`,
    args: ['kind', 'options{orderId}'],
    returns: 'preview',
  }),

  /** The newest mails of the outbox with their state, newest first (`limit` 1–200, default 50). */
  listOutbox: /* @__PURE__ */ call<(options?: { limit?: number }) => Promise<OutboxMail[]>>({
    route: `GET ${BASE}/outbox`,
    args: ['options{limit}'],
    response: /* @__PURE__ */ under('mails', { dates: 'nextAttemptDate sentDate createdDate' }),
    returns: 'mails',
  }),

  /** Sends a failed mail again now; resolves to it after the attempt. */
  retryMail: /* @__PURE__ */ call<(_id: string) => Promise<OutboxMail>>({
    route: `POST ${BASE}/outbox/{id}/retry`,
    args: ['_id'],
    response: /* @__PURE__ */ under('mail', { dates: 'nextAttemptDate sentDate createdDate' }),
    returns: 'mail',
  }),
};
