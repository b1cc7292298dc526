/**
 * `POST /ecom/v1/orders/export` (issue #24, not in the spec): the merchant's order list, narrowed and
 * sorted as `orders/search` is, as a CSV download streamed a page of orders at a time. Its own plugin:
 * the answer is a stream, which the orders routes' generated JSON serializer has no part in.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../platform/caller.js';
import { ordersCsv } from './orders-csv.js';
import type { OrderReadService } from './orders-service.js';
import * as schemas from './schemas.js';

const ExportOrdersBody = z.strictObject({ filter: schemas.OrderSearchFilter.optional(), sort: schemas.OrderSort.optional() });

export async function orderExportRoutes(app: FastifyInstance, deps: { orders: Pick<OrderReadService, 'all'> }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/ecom/v1/orders/export',
    {
      // Checked before the body is: a shopper learns nothing of the input rules.
      onRequest: async (request) => {
        requireCaller(request, 'merchant');
      },
      schema: {
        tags: ['orders'],
        summary: 'Every order the filter matches, in the sort order (default newest first), as CSV (merchant)',
        body: ExportOrdersBody.nullish(),
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('CSV (UTF-8 with BOM): a heading row, then one row per order'), ...schemas.errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(ordersCsv(deps.orders.all(body)));
    },
  );
}
