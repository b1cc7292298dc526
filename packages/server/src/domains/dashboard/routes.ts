/**
 * The merchant's dashboard under `/_api/vitrine/v1/dashboard` (Vitrine's own; the spec has no such
 * call). Merchant-only (an API key or console tokens): the guard is a hook of the plugin.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../platform/caller.js';
import * as schemas from './schemas.js';
import type { DashboardService } from './service.js';

export async function dashboardRoutes(app: FastifyInstance, deps: { dashboard: DashboardService }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireCaller(request, 'merchant');
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/_api/vitrine/v1/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: "Sales and orders per day in the shop's time zone, per currency; best sellers, low stock and waiting orders",
        querystring: schemas.DashboardQuery,
        response: { 200: schemas.DashboardResponse, ...schemas.DashboardErrorResponses },
      },
    },
    async (request) => ({ dashboard: await deps.dashboard.figures(request.query) }),
  );
}
