import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../platform/caller.js';
import type { WebhookRegistry } from './registry.js';
import * as s from './schemas.js';

const BASE = '/_api/vitrine/v1/webhooks';

/** Read-only webhook administration for the merchant (API key): the endpoints and their delivery logs. */
export async function webhookRoutes(app: FastifyInstance, deps: { webhooks: WebhookRegistry }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'List the webhook endpoints (merchant API key); secrets are never shown',
        response: { 200: s.ListWebhooksResponse, ...s.ErrorResponses },
      },
    },
    async (request) => {
      requireCaller(request, 'merchant');
      const webhooks = await deps.webhooks.list();
      return { webhooks: webhooks.map((w) => ({ ...w, createdDate: w.createdDate.toISOString() })) };
    },
  );

  r.get(
    `${BASE}/:id/deliveries`,
    {
      schema: {
        tags: ['webhooks'],
        summary: "A webhook's delivery log, newest first (merchant API key)",
        params: s.WebhookIdParams,
        querystring: s.ListDeliveriesQuery,
        response: { 200: s.ListDeliveriesResponse, ...s.ErrorResponses },
      },
    },
    async (request) => {
      requireCaller(request, 'merchant');
      const deliveries = await deps.webhooks.deliveries(request.params.id, request.query.limit);
      return {
        deliveries: deliveries.map((d) => ({
          ...d,
          nextAttemptDate: d.nextAttemptDate?.toISOString() ?? null,
          deliveredDate: d.deliveredDate?.toISOString() ?? null,
          createdDate: d.createdDate.toISOString(),
        })),
      };
    },
  );
}
