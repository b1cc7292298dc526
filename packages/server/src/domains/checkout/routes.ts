/**
 * create-checkout (spec §7 "Cart", under the cart's base path) and the orders read API for the caller
 * (`/ecom/v1/orders`: not in the spec; the storefront's account page reads it through the SDK's
 * `orders` module).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../platform/caller.js';
import { idempotencyKeyOf } from '../../platform/idempotency/idempotency.js';
import type { CartCaller } from '../cart/checkout-port.js';
import type { OrderReadService } from './orders-service.js';
import * as s from './schemas.js';
import type { CheckoutService } from './service.js';

export interface CheckoutRouteDeps {
  checkout: Pick<CheckoutService, 'create'>;
  orders: OrderReadService;
}

/** Visitors and members act for themselves; a merchant key acts for the shopper token it sends (or, reading orders, for the shop). */
function buyer(request: FastifyRequest): CartCaller {
  return request.caller.kind === 'merchant' ? request.caller : requireCaller(request, 'shopper');
}

const errors = { ...s.errorResponses, 404: s.ApplicationErrorResponse, 409: s.ApplicationErrorResponse, 422: s.ApplicationErrorResponse };

/** Registers create-checkout and the orders read routes. */
export async function checkoutRoutes(app: FastifyInstance, d: CheckoutRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/ecom/v1/carts/current/create-checkout',
    {
      schema: {
        tags: ['cart'],
        summary: 'Create a checkout from the current cart (Idempotency-Key honoured)',
        body: s.CreateCheckoutBody.optional(),
        response: { 200: s.CreateCheckoutResponse, ...errors },
      },
    },
    async (request) => {
      const caller = buyer(request);
      const key = idempotencyKeyOf(request.headers);
      return d.checkout.create(caller, request.body ?? {}, key);
    },
  );

  r.get(
    '/ecom/v1/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: "One of the caller's orders",
        params: s.OrderParams,
        response: { 200: s.OrderResponse, ...errors },
      },
    },
    async (request) => ({ order: await d.orders.get(buyer(request), request.params.id) }),
  );

  r.post(
    '/ecom/v1/orders/search',
    {
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first (a merchant's: every order)",
        body: s.SearchOrdersBody.optional(),
        response: { 200: s.SearchOrdersResponse, ...errors },
      },
    },
    async (request) => d.orders.search(buyer(request), request.body?.paging),
  );
}
