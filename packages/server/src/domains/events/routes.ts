import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOwner } from '../../platform/caller.js';
import { DomainError } from '../../platform/errors.js';
import { EventErrors } from './errors.js';
import { DOMAIN_EVENT_TYPES } from './event-types.js';
import type { WebhookRegistry } from './registry.js';
import * as schemas from './schemas.js';

const BASE = '/_api/vitrine/v1/webhooks';

/**
 * Webhook administration for the merchant (API key or console): the endpoints (add, list, remove),
 * the event types they can take, a test delivery sent at once, and each one's delivery log.
 */
export async function webhookRoutes(app: FastifyInstance, deps: { webhooks: WebhookRegistry }): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();

  router.get(
    BASE,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'List the webhook endpoints (merchant API key); secrets are never shown',
        response: { 200: schemas.ListWebhooksResponse, ...schemas.ErrorResponses },
      },
    },
    async (request) => {
      requireOwner(request);
      const webhooks = await deps.webhooks.list();
      return { webhooks: webhooks.map((webhook) => ({ ...webhook, createdDate: webhook.createdDate.toISOString() })) };
    },
  );

  router.get(
    `${BASE}/:id/deliveries`,
    {
      schema: {
        tags: ['webhooks'],
        summary: "A webhook's delivery log, newest first (merchant API key)",
        params: schemas.WebhookIdParams,
        querystring: schemas.ListDeliveriesQuery,
        response: { 200: schemas.ListDeliveriesResponse, ...schemas.ErrorResponses },
      },
    },
    async (request) => {
      requireOwner(request);
      const deliveries = await deps.webhooks.deliveries(request.params.id, request.query.limit);
      return {
        deliveries: deliveries.map((delivery) => ({
          ...delivery,
          nextAttemptDate: delivery.nextAttemptDate?.toISOString() ?? null,
          deliveredDate: delivery.deliveredDate?.toISOString() ?? null,
          createdDate: delivery.createdDate.toISOString(),
        })),
      };
    },
  );

  router.post(
    BASE,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Add a webhook endpoint; its signing secret is in this answer only',
        body: schemas.AddWebhookBody,
        response: { 200: schemas.AddWebhookResponse, ...schemas.ErrorResponses },
      },
    },
    async (request) => {
      requireOwner(request);
      const { secret, ...webhook } = await deps.webhooks.add(request.body);
      return { webhook: { ...webhook, createdDate: webhook.createdDate.toISOString() }, secret };
    },
  );

  router.get(
    `${BASE}/event-types`,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'The event types a webhook can receive',
        response: { 200: schemas.EventTypesResponse, ...schemas.ErrorResponses },
      },
    },
    async (request) => {
      requireOwner(request);
      return { eventTypes: [...DOMAIN_EVENT_TYPES] };
    },
  );

  router.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Remove a webhook endpoint and its delivery log',
        params: schemas.WebhookIdParams,
        response: { 200: schemas.Empty, ...schemas.ErrorResponses },
      },
    },
    async (request) => {
      requireOwner(request);
      if (!(await deps.webhooks.remove(request.params.id))) throw new DomainError(EventErrors.WEBHOOK_NOT_FOUND, { id: request.params.id });
      return {};
    },
  );

  router.post(
    `${BASE}/:id/test`,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Send a webhook.test event to the endpoint now and answer how it went (also in the delivery log)',
        params: schemas.WebhookIdParams,
        // the SDK repeats the path's id in the body
        body: z.strictObject({ id: z.string().max(100).optional() }).nullish(),
        response: { 200: schemas.TestDeliveryResponse, ...schemas.ErrorResponses },
      },
    },
    async (request) => {
      requireOwner(request);
      const delivery = await deps.webhooks.sendTest(request.params.id);
      return {
        delivery: {
          id: delivery.deliveryId,
          eventId: delivery.eventId,
          eventType: delivery.eventType,
          status: delivery.status,
          attempts: delivery.attempts,
          statusCode: delivery.statusCode,
          error: delivery.error,
        },
      };
    },
  );
}
