/**
 * The merchant's customers API under `/_api/vitrine/v1/customers` (issue #24; not in the spec):
 * the list with search and paging, and a customer's page by id. Merchant-only (an
 * API key or console tokens): the guard is a hook of the plugin, so a new route cannot miss it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../platform/caller.js';
import * as schemas from './schemas.js';
import type { CustomerService } from './service.js';

const PATH = '/_api/vitrine/v1/customers';
const TAG = 'customers';

export async function customerRoutes(app: FastifyInstance, deps: { customers: CustomerService }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireCaller(request, 'merchant');
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    PATH,
    {
      schema: {
        tags: [TAG],
        summary: 'Members and guests (by e-mail), the latest active first, with order count, total spent per currency and last order',
        querystring: schemas.SearchCustomersQuery,
        response: { 200: schemas.SearchCustomersResponse, ...schemas.ErrorResponses },
      },
    },
    async (request) => deps.customers.search(request.query),
  );
  routes.get(
    `${PATH}/:id`,
    {
      schema: {
        tags: [TAG],
        summary: "A customer's page by their id (a member's id, or any of a guest's order ids): orders, addresses, membership plans",
        params: schemas.CustomerParams,
        response: { 200: schemas.CustomerDetailsResponse, ...schemas.ErrorResponses },
      },
    },
    async (request) => deps.customers.get(request.params.id),
  );
}
