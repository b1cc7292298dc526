/**
 * `webhooks`: where the shop's events are delivered (Vitrine's merchant API; the spec has no such
 * calls). Merchant only: an API key or a merchant's console tokens.
 */
import type { AddWebhookResponse, TestDelivery, Webhook, WebhookDelivery } from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';

const BASE = '/_api/vitrine/v1/webhooks';

export const webhooks = {
  /**
   * Adds an endpoint for the given event types (none: all); resolves to it and its signing secret,
   * which is not shown again.
   * @example const { webhook, secret } = await client.webhooks.addWebhook({ url: 'https://erp.example/hooks', eventTypes: ['order.created'] });
   */
  addWebhook: /* @__PURE__ */ call<(webhook: { url: string; eventTypes?: string[] }) => Promise<AddWebhookResponse>>({
    r: `POST ${BASE}`,
    a: ['webhook{url,eventTypes}'],
    s: /* @__PURE__ */ under('webhook', { d: 'createdDate' }),
  }),

  /** Every endpoint, oldest first; resolves to the list. */
  listWebhooks: /* @__PURE__ */ call<() => Promise<Webhook[]>>({
    r: `GET ${BASE}`,
    s: /* @__PURE__ */ under('webhooks', { d: 'createdDate' }),
    o: 'webhooks',
  }),

  /** The event types an endpoint can take; resolves to their names. */
  listEventTypes: /* @__PURE__ */ call<() => Promise<string[]>>({ r: `GET ${BASE}/event-types`, o: 'eventTypes' }),

  /** Removes an endpoint and its delivery log. */
  removeWebhook: /* @__PURE__ */ call<(_id: string) => Promise<void>>({ r: `DELETE ${BASE}/{id}`, a: ['_id'], o: '-' }),

  /** Sends a `webhook.test` event to the endpoint now; resolves to how it went. */
  sendTestEvent: /* @__PURE__ */ call<(_id: string) => Promise<TestDelivery>>({ r: `POST ${BASE}/{id}/test`, a: ['_id'], o: 'delivery' }),

  /** The endpoint's most recent deliveries, newest first (`limit` 1–200, default 50). */
  listDeliveries: /* @__PURE__ */ call<(_id: string, options?: { limit?: number }) => Promise<WebhookDelivery[]>>({
    r: `GET ${BASE}/{id}/deliveries`,
    a: ['_id', 'options{limit}'],
    s: /* @__PURE__ */ under('deliveries', { d: 'nextAttemptDate deliveredDate createdDate' }),
    o: 'deliveries',
  }),
};
