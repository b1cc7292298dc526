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
    route: `POST ${BASE}`,
    args: ['webhook{url,eventTypes}'],
    response: /* @__PURE__ */ under('webhook', { dates: 'createdDate' }),
  }),

  /** Every endpoint, oldest first; resolves to the list. */
  listWebhooks: /* @__PURE__ */ call<() => Promise<Webhook[]>>({
    route: `GET ${BASE}`,
    response: /* @__PURE__ */ under('webhooks', { dates: 'createdDate' }),
    returns: 'webhooks',
  }),

  /** The event types an endpoint can take; resolves to their names. */
  listEventTypes: /* @__PURE__ */ call<() => Promise<string[]>>({ route: `GET ${BASE}/event-types`, returns: 'eventTypes' }),

  /** Removes an endpoint and its delivery log. */
  removeWebhook: /* @__PURE__ */ call<(_id: string) => Promise<void>>({ route: `DELETE ${BASE}/{id}`, args: ['_id'], returns: '-' }),

  /** Sends a `webhook.test` event to the endpoint now; resolves to how it went. */
  sendTestEvent: /* @__PURE__ */ call<(_id: string) => Promise<TestDelivery>>({
    route: `POST ${BASE}/{id}/test`,
    args: ['_id'],
    returns: 'delivery',
  }),

  /** The endpoint's most recent deliveries, newest first (`limit` 1–200, default 50). */
  listDeliveries: /* @__PURE__ */ call<(_id: string, options?: { limit?: number }) => Promise<WebhookDelivery[]>>({
    route: `GET ${BASE}/{id}/deliveries`,
    args: ['_id', 'options{limit}'],
    response: /* @__PURE__ */ under('deliveries', { dates: 'nextAttemptDate deliveredDate createdDate' }),
    returns: 'deliveries',
  }),
};
