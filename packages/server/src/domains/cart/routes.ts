/**
 * The current-cart calls under the paths the SDK calls (spec §7 "Cart"). Every route acts on the
 * caller's own cart; callers without one (anonymous, invalid, a merchant without a shopper token)
 * are refused before their input is read. create-checkout is the checkout domain's.
 */

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { installGeneratedSerializer } from '../../platform/http/generated-serializer.js';
import { type RequestParts, routeSchema } from '../../platform/http/route-schema.js';
import { idempotencyKeyOf } from '../../platform/idempotency/idempotency.js';
import * as answers from './answer-schemas.js';
import { accessOf } from './owner.js';
import * as s from './schemas.js';
import type { CartService } from './service.js';

export interface CartRouteDeps {
  carts: CartService;
}

/** The base path of the current cart (the reference's, spec-era). */
export const CURRENT_CART = '/ecom/v1/carts/current';
const TAG = 'current cart';

/** Route options: summary, request parts and answers. */
const route = <P extends RequestParts, R extends z.ZodType>(summary: string, parts: P, ok: R) =>
  routeSchema(TAG, summary, parts, ok, answers.ErrorResponses);

/** Registers the current-cart routes. */
export async function cartRoutes(app: FastifyInstance, deps: CartRouteDeps): Promise<void> {
  app.addHook('onRequest', async (request) => {
    accessOf(request.caller);
  });
  installGeneratedSerializer(app);
  const router = app.withTypeProvider<ZodTypeProvider>();
  const carts = deps.carts;

  router.get(CURRENT_CART, route("The caller's cart", {}, answers.CartResponse), async (request) => ({
    cart: await carts.current(request.caller),
  }));

  router.patch(
    CURRENT_CART,
    route(
      'Change cart info, coupon, merchant discounts; add lines',
      { querystring: s.UpdateCartQuery, body: s.UpdateCartBody },
      answers.CartResponse,
    ),
    async (request) => ({ cart: await carts.update(request.caller, request.body ?? {}, request.query.cartFieldmask) }),
  );

  router.delete(CURRENT_CART, route("Delete the caller's cart", {}, answers.Empty), async (request) => {
    await carts.remove(request.caller);
    return {};
  });

  router.post(
    `${CURRENT_CART}/add-to-cart`,
    route('Add catalogue lines (and custom lines, merchants); honours Idempotency-Key', { body: s.AddToCartBody }, answers.CartResponse),
    async (request) => ({ cart: await carts.addToCart(request.caller, request.body ?? {}, idempotencyKeyOf(request.headers)) }),
  );

  router.post(
    `${CURRENT_CART}/remove-line-items`,
    route('Remove lines by id', { body: s.RemoveLineItemsBody }, answers.CartResponse),
    async (request) => ({
      cart: await carts.removeLineItems(request.caller, request.body.lineItemIds),
    }),
  );

  router.post(
    `${CURRENT_CART}/update-line-items-quantity`,
    route('Set line quantities (0 removes)', { body: s.UpdateQuantitiesBody }, answers.CartResponse),
    async (request) => ({ cart: await carts.updateQuantities(request.caller, request.body.lineItems) }),
  );

  router.post(`${CURRENT_CART}/remove-coupon`, route('Remove the coupon', { body: s.NoBody }, answers.CartResponse), async (request) => ({
    cart: await carts.removeCoupon(request.caller),
  }));

  router.post(
    `${CURRENT_CART}/estimate-totals`,
    route('Totals, shipping, tax and memberships for an address and option', { body: s.EstimateTotalsBody }, answers.EstimateResponse),
    async (request) => carts.estimate(request.caller, request.body ?? {}),
  );
}
