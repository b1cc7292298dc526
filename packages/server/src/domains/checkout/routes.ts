/**
 * create-checkout (spec §7 "Cart", under the cart's base path), the orders read API for the caller
 * and the merchant's order actions (`/ecom/v1/orders`: not in the spec; the storefront's account page
 * and the console use them through the SDK's `orders` module).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthErrors, requireCaller } from '../../platform/caller.js';
import { DomainError, ValidationFailure } from '../../platform/errors.js';
import { installGeneratedSerializer } from '../../platform/http/generated-serializer.js';
import { idempotencyKeyOf } from '../../platform/idempotency/idempotency.js';
import type { CartCaller } from '../cart/checkout-port.js';
import { identityOf } from '../events/event-identity.js';
import type { OrderActions } from './order-actions.js';
import type { OrderReadService } from './orders-service.js';
import * as schemas from './schemas.js';
import type { CheckoutService } from './service.js';

export interface CheckoutRouteDeps {
  checkout: Pick<CheckoutService, 'create'>;
  orders: OrderReadService;
  actions: OrderActions;
}

/** Visitors and members act for themselves; a merchant key acts for the shopper token it sends (or, reading orders, for the shop). */
function buyer(request: FastifyRequest): CartCaller {
  return request.caller.kind === 'merchant' ? request.caller : requireCaller(request, 'shopper');
}

/** The id repeated in a body (the SDK sends its arguments there) must be the path's. */
export function samePathId(pathId: string, bodyId: string | undefined): void {
  if (bodyId !== undefined && bodyId !== pathId) {
    throw new ValidationFailure([{ field: 'id', description: 'must match the id in the path', violatedRule: 'VALIDATION' }]);
  }
}

const errors = {
  ...schemas.errorResponses,
  404: schemas.ApplicationErrorResponse,
  409: schemas.ApplicationErrorResponse,
  422: schemas.ApplicationErrorResponse,
};

/** Registers create-checkout and the orders read routes. */
export async function checkoutRoutes(app: FastifyInstance, deps: CheckoutRouteDeps): Promise<void> {
  installGeneratedSerializer(app);
  const router = app.withTypeProvider<ZodTypeProvider>();

  router.post(
    '/ecom/v1/carts/current/create-checkout',
    {
      schema: {
        tags: ['cart'],
        summary: 'Create a checkout from the current cart (Idempotency-Key honoured)',
        body: schemas.CreateCheckoutBody.nullish(),
        response: { 200: schemas.CreateCheckoutResponse, ...errors },
      },
    },
    async (request) => {
      const caller = buyer(request);
      const key = idempotencyKeyOf(request.headers);
      return deps.checkout.create(caller, request.body ?? {}, key);
    },
  );

  router.get(
    '/ecom/v1/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: "One of the caller's orders",
        params: schemas.OrderParams,
        response: { 200: schemas.OrderResponse, ...errors },
      },
    },
    async (request) => ({ order: await deps.orders.get(buyer(request), request.params.id) }),
  );

  router.post(
    '/ecom/v1/orders/search',
    {
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first (a merchant's: every order, with filters and sort)",
        body: schemas.SearchOrdersBody.nullish(),
        response: { 200: schemas.SearchOrdersResponse, ...errors },
      },
    },
    async (request) => {
      const caller = buyer(request);
      const body = request.body ?? {};
      // Filters and sort are the merchant's tools: a shopper lists its own orders, newest first.
      if ((body.filter || body.sort) && caller.kind !== 'merchant') throw new DomainError(AuthErrors.PERMISSION_DENIED);
      return deps.orders.search(caller, body);
    },
  );

  const action = { tags: ['orders'], params: schemas.OrderParams, response: { 200: schemas.OrderResponse, ...errors } };
  // Checked before the body is: a shopper learns nothing of the action's input rules.
  const merchantOnly = async (request: FastifyRequest) => {
    requireCaller(request, 'merchant');
  };

  router.post(
    '/ecom/v1/orders/:id/mark-as-paid',
    {
      onRequest: merchantOnly,
      schema: { ...action, summary: 'Mark an unpaid order as paid (merchant)', body: schemas.MarkAsPaidBody.nullish() },
    },
    async (request) => {
      const who = identityOf(requireCaller(request, 'merchant'));
      samePathId(request.params.id, request.body?.id);
      return { order: await deps.actions.markAsPaid(request.params.id, who) };
    },
  );

  router.post(
    '/ecom/v1/orders/:id/fulfill',
    {
      onRequest: merchantOnly,
      schema: {
        ...action,
        summary: 'Record a fulfilment of some lines (default: everything not yet sent), with its carrier and tracking (merchant)',
        body: schemas.FulfillOrderBody.nullish(),
      },
    },
    async (request) => {
      const who = identityOf(requireCaller(request, 'merchant'));
      const body = request.body ?? {};
      samePathId(request.params.id, body.id);
      return { order: await deps.actions.fulfill(request.params.id, body, who) };
    },
  );

  router.post(
    '/ecom/v1/orders/:id/refund',
    {
      onRequest: merchantOnly,
      schema: {
        ...action,
        summary: 'Refund a paid order by lines, by an amount or whole, optionally restocking the lines (merchant)',
        body: schemas.RefundOrderBody,
      },
    },
    async (request) => {
      const who = identityOf(requireCaller(request, 'merchant'));
      samePathId(request.params.id, request.body.id);
      return { order: await deps.actions.refund(request.params.id, request.body, who) };
    },
  );

  router.post(
    '/ecom/v1/orders/:id/cancel',
    {
      onRequest: merchantOnly,
      schema: {
        ...action,
        summary: 'Cancel an order not yet fulfilled; its stock is given back (merchant)',
        body: schemas.CancelOrderBody.nullish(),
      },
    },
    async (request) => {
      const who = identityOf(requireCaller(request, 'merchant'));
      const body = request.body ?? {};
      samePathId(request.params.id, body.id);
      return { order: await deps.actions.cancel(request.params.id, body, who) };
    },
  );
}
