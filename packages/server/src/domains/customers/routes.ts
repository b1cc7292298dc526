/**
 * The merchant's customers API under `/_api/vitrine/v1/customers` (issue #24; not in the spec):
 * the list with search and paging, a member's page by id and a guest's by e-mail. Merchant-only (an
 * API key or console tokens): the guard is a hook of the plugin, so a new route cannot miss it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../platform/caller.js';
import * as s from './schemas.js';
import type { CustomerService } from './service.js';

const PATH = '/_api/vitrine/v1/customers';
const TAG = 'customers';

export async function customerRoutes(app: FastifyInstance, deps: { customers: CustomerService }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    requireCaller(request, 'merchant');
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const details = { 200: s.CustomerDetailsResponse, ...s.ErrorResponses };

  r.get(
    PATH,
    {
      schema: {
        tags: [TAG],
        summary: 'Members and guests (by e-mail), the latest active first, with order count, total spent per currency and last order',
        querystring: s.SearchCustomersQuery,
        response: { 200: s.SearchCustomersResponse, ...s.ErrorResponses },
      },
    },
    async (q) => deps.customers.search(q.query),
  );
  r.get(
    `${PATH}/members/:memberId`,
    {
      schema: {
        tags: [TAG],
        summary: 'A member: their orders, addresses and membership plans',
        params: s.MemberCustomerParams,
        response: details,
      },
    },
    async (q) => deps.customers.get({ memberId: q.params.memberId }),
  );
  r.get(
    `${PATH}/guests/:email`,
    {
      // The e-mail is the buyer's personal data: kept out of the request log.
      config: { secretPathParams: ['email'] },
      schema: {
        tags: [TAG],
        summary: 'A guest by the e-mail of their orders: orders and addresses',
        params: s.GuestCustomerParams,
        response: details,
      },
    },
    async (q) => deps.customers.get({ email: q.params.email }),
  );
}
