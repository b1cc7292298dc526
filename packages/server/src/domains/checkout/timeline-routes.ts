/**
 * An order's timeline and the merchant's internal notes (`/ecom/v1/orders/{id}/activities`,
 * `/notes`; Vitrine calls, merchant only). A buyer's read of the order never carries them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../platform/caller.js';
import { installGeneratedSerializer } from '../../platform/http/generated-serializer.js';
import { identityOf } from '../events/event-identity.js';
import type { OrderTimeline } from './order-timeline.js';
import { samePathId } from './routes.js';
import { ApplicationErrorResponse, errorResponses, OrderParams } from './schemas.js';
import { AddOrderNoteBody, ListOrderActivitiesResponse, OrderActivityResponse, OrderNoteParams } from './timeline-schemas.js';

const errors = { ...errorResponses, 404: ApplicationErrorResponse };

// Checked before the body is: a shopper learns nothing of the input rules.
const merchantOnly = async (request: FastifyRequest) => {
  requireCaller(request, 'merchant');
};

/** Registers the timeline and notes routes. */
export async function orderTimelineRoutes(app: FastifyInstance, deps: { timeline: OrderTimeline }): Promise<void> {
  installGeneratedSerializer(app);
  const router = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  router.get(
    '/ecom/v1/orders/:id/activities',
    {
      onRequest: merchantOnly,
      schema: {
        tags,
        summary: "The order's timeline, newest first: every change, who made it and when, and the notes (merchant)",
        params: OrderParams,
        response: { 200: ListOrderActivitiesResponse, ...errors },
      },
    },
    async (request) => deps.timeline.list(request.params.id),
  );

  router.post(
    '/ecom/v1/orders/:id/notes',
    {
      onRequest: merchantOnly,
      schema: {
        tags,
        summary: 'Add an internal note to the order (merchant; never shown to the buyer)',
        params: OrderParams,
        body: AddOrderNoteBody,
        response: { 200: OrderActivityResponse, ...errors },
      },
    },
    async (request) => {
      const who = identityOf(requireCaller(request, 'merchant'));
      samePathId(request.params.id, request.body.id);
      return { activity: await deps.timeline.addNote(request.params.id, request.body.note.text, who) };
    },
  );

  router.delete(
    '/ecom/v1/orders/:id/notes/:noteId',
    {
      onRequest: merchantOnly,
      schema: {
        tags,
        summary: "Remove an internal note's text; the timeline keeps who removed it and when (merchant)",
        params: OrderNoteParams,
        response: { 200: OrderActivityResponse, ...errors },
      },
    },
    async (request) => {
      const who = identityOf(requireCaller(request, 'merchant'));
      return { activity: await deps.timeline.removeNote(request.params.id, request.params.noteId, who) };
    },
  );
}
