/**
 * The current-cart calls under the paths the SDK calls (spec §7 "Cart"). Every route acts on the
 * caller's own cart; callers without one (anonymous, invalid, a merchant without a shopper token)
 * are refused before their input is read. create-checkout is the checkout domain's.
 */
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idempotencyKeyOf } from '../../platform/idempotency/idempotency.js';
import { jsonReusing } from '../../platform/json/json-once.js';
import { accessOf } from './owner.js';
import * as s from './schemas.js';
import type { CartService } from './service.js';

export interface CartRouteDeps {
  carts: CartService;
}

/** The base path of the current cart (the reference's, spec-era). */
export const CURRENT_CART = '/ecom/v1/carts/current';
const TAG = 'current cart';

/**
 * Serialises the 200 answers as they are. Their schemas are loose (the cart view keeps every field),
 * so checking them only copied the whole cart on every answer, a tenth of the cart calls' CPU
 * (bench/api-cart), to change nothing; the handlers' return types are checked against the schemas
 * when compiling. A cart a write just recorded in its event is already JSON (`jsonOnce`). Error
 * answers keep the schema's serialiser.
 */
const plainOk: FastifySerializerCompiler<unknown> = (route) =>
  route.httpStatus === '200' ? (data: unknown) => jsonReusing(data) : (serializerCompiler as FastifySerializerCompiler<unknown>)(route);

/** Route options: summary, request parts and answers. */
function route<P extends { body?: z.ZodType; querystring?: z.ZodType }, R extends z.ZodType>(summary: string, parts: P, ok: R) {
  return { schema: { tags: [TAG], summary, ...parts, response: { 200: ok, ...s.ErrorResponses } }, serializerCompiler: plainOk };
}

/** Registers the current-cart routes. */
export async function cartRoutes(app: FastifyInstance, deps: CartRouteDeps): Promise<void> {
  app.addHook('onRequest', async (request) => {
    accessOf(request.caller);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const carts = deps.carts;

  r.get(CURRENT_CART, route("The caller's cart", {}, s.CartResponse), async (request) => ({ cart: await carts.current(request.caller) }));

  r.patch(
    CURRENT_CART,
    route(
      'Change cart info, coupon, merchant discounts; add lines',
      { querystring: s.UpdateCartQuery, body: s.UpdateCartBody },
      s.CartResponse,
    ),
    async (request) => ({ cart: await carts.update(request.caller, request.body ?? {}, request.query.cartFieldmask) }),
  );

  r.delete(CURRENT_CART, route("Delete the caller's cart", {}, s.Empty), async (request) => {
    await carts.remove(request.caller);
    return {};
  });

  r.post(
    `${CURRENT_CART}/add-to-cart`,
    route('Add catalogue lines (and custom lines, merchants); honours Idempotency-Key', { body: s.AddToCartBody }, s.CartResponse),
    async (request) => ({ cart: await carts.addToCart(request.caller, request.body ?? {}, idempotencyKeyOf(request.headers)) }),
  );

  r.post(
    `${CURRENT_CART}/remove-line-items`,
    route('Remove lines by id', { body: s.RemoveLineItemsBody }, s.CartResponse),
    async (request) => ({
      cart: await carts.removeLineItems(request.caller, request.body.lineItemIds),
    }),
  );

  r.post(
    `${CURRENT_CART}/update-line-items-quantity`,
    route('Set line quantities (0 removes)', { body: s.UpdateQuantitiesBody }, s.CartResponse),
    async (request) => ({ cart: await carts.updateQuantities(request.caller, request.body.lineItems) }),
  );

  r.post(`${CURRENT_CART}/remove-coupon`, route('Remove the coupon', { body: s.NoBody }, s.CartResponse), async (request) => ({
    cart: await carts.removeCoupon(request.caller),
  }));

  r.post(
    `${CURRENT_CART}/estimate-totals`,
    route('Totals, shipping, tax and memberships for an address and option', { body: s.EstimateTotalsBody }, s.EstimateResponse),
    async (request) => ({ ...(await carts.estimate(request.caller, request.body ?? {})) }),
  );
}
