import { z } from 'zod';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';

/** A webhook as the merchant routes show it (never its secret). */
const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()).describe('event types delivered; empty: all'),
  active: z.boolean(),
  createdDate: z.iso.datetime(),
});

export const ListWebhooksResponse = z.object({ webhooks: z.array(Webhook) });

export const WebhookIdParams = z.strictObject({ id: z.uuid() });

export const ListDeliveriesQuery = z.strictObject({
  id: z.string().max(100).optional().describe("the path's id again (the SDK repeats it)"),
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('most recent deliveries answered (1–200, default 50)'),
});

/** One line of the delivery log. */
const Delivery = z.object({
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

export const AddWebhookBody = z.strictObject({
  url: z.string().min(1).max(2048).describe('absolute http:// or https:// URL the events are POSTed to'),
  eventTypes: z.array(z.string().max(100)).max(50).optional().describe('event types delivered; absent or empty: all'),
});
export const AddWebhookResponse = z.object({
  webhook: Webhook,
  secret: z.string().describe('the HMAC-SHA256 signing secret: in this answer only'),
});

export const EventTypesResponse = z.object({ eventTypes: z.array(z.string()).describe('every event type a webhook can receive') });

/** The outcome of a test delivery, sent at once. */
export const TestDeliveryResponse = z.object({
  delivery: z.object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(['pending', 'delivered', 'failed', 'dead']),
    attempts: z.number().int(),
    statusCode: z.number().int().nullable().describe("the endpoint's HTTP status, when it answered"),
    error: z.string().nullable(),
  }),
});

export const Empty = z.object({});

/** Errors of the merchant routes. */
export const ErrorResponses = {
  400: z.union([ValidationErrorResponse, ApplicationErrorResponse]),
  401: ApplicationErrorResponse,
  403: ApplicationErrorResponse,
  404: ApplicationErrorResponse,
};
