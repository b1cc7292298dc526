import { z } from 'zod';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';

/** A webhook as the merchant routes show it (never its secret). */
export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()).describe('event types delivered; empty: all'),
  active: z.boolean(),
  createdDate: z.iso.datetime(),
});

export const ListWebhooksResponse = z.object({ webhooks: z.array(Webhook) });

export const WebhookIdParams = z.strictObject({ id: z.uuid() });

export const ListDeliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('most recent deliveries answered (1–200, default 50)'),
});

/** One line of the delivery log. */
export const Delivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  entityId: z.string(),
  status: z.enum(['pending', 'delivered', 'failed', 'dead']),
  attempts: z.number().int(),
  nextAttemptDate: z.iso.datetime().nullable().describe('open deliveries: when the next attempt is due'),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredDate: z.iso.datetime().nullable(),
  createdDate: z.iso.datetime(),
});

export const ListDeliveriesResponse = z.object({ deliveries: z.array(Delivery) });

/** Errors of the merchant routes. */
export const ErrorResponses = {
  400: z.union([ValidationErrorResponse, ApplicationErrorResponse]),
  401: ApplicationErrorResponse,
  403: ApplicationErrorResponse,
  404: ApplicationErrorResponse,
};
