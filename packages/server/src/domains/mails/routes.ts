import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../platform/caller.js';
import * as schemas from './schemas.js';
import type { MailAdmin, OutboxMail } from './service.js';

const BASE = '/_api/vitrine/v1/mails';

/**
 * The buyer's mails for the merchant (API key or console): a preview of each, rendered for an order
 * without being sent, and the outbox (sent, pending, failed with the error) with "retry now".
 */
export async function mailRoutes(app: FastifyInstance, deps: { mails: MailAdmin }): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();

  router.get(
    `${BASE}/previews/:kind`,
    {
      schema: {
        tags: ['mails'],
        summary: 'A buyer’s mail rendered for an order (or a sample order) as HTML and text, without sending it',
        params: schemas.PreviewParams,
        querystring: schemas.PreviewQuery,
        response: { 200: schemas.PreviewResponse, ...schemas.ErrorResponses },
      },
    },
    async (request, reply) => {
      const merchant = requireCaller(request, 'merchant');
      reply.header('cache-control', 'no-store');
      return { preview: await deps.mails.preview(merchant, request.params.kind, request.query.orderId) };
    },
  );

  router.get(
    `${BASE}/outbox`,
    {
      schema: {
        tags: ['mails'],
        summary: 'The newest mails of the outbox with their state (sent, pending, failed with the error)',
        querystring: schemas.OutboxQuery,
        response: { 200: schemas.OutboxResponse, ...schemas.ErrorResponses },
      },
    },
    async (request) => {
      requireCaller(request, 'merchant');
      return { mails: (await deps.mails.outbox(request.query.limit)).map(wireOf) };
    },
  );

  router.post(
    `${BASE}/outbox/:id/retry`,
    {
      schema: {
        tags: ['mails'],
        summary: 'Send a failed mail again now; answers it after the attempt',
        params: schemas.MailIdParams,
        body: schemas.RetryBody,
        response: { 200: schemas.RetryResponse, ...schemas.ErrorResponses },
      },
    },
    async (request) => {
      requireCaller(request, 'merchant');
      return { mail: wireOf(await deps.mails.retry(request.params.id)) };
    },
  );
}

function wireOf(mail: OutboxMail) {
  return {
    ...mail,
    nextAttemptDate: mail.nextAttemptDate?.toISOString() ?? null,
    sentDate: mail.sentDate?.toISOString() ?? null,
    createdDate: mail.createdDate.toISOString(),
  };
}
