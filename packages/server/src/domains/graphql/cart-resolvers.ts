/**
 * The resolver of `currentCart`: the cart service as the caller, exactly as the REST route
 * (`GET /ecom/v1/carts/current`) reads it; no cart yet is null rather than an error.
 */
import type { ErrorTable } from '../../platform/errors.js';
import { DomainError } from '../../platform/errors.js';
import { CartErrors } from '../cart/errors.js';
import type { CartService } from '../cart/service.js';
import { translatingErrors } from './graphql-errors.js';
import type { GraphqlContext } from './resolvers.js';

/** The cart reads the resolver uses. */
export type CurrentCartReads = Pick<CartService, 'current'>;

/** The resolver map of `cart-type-defs.ts`. */
export function cartResolvers(carts: CurrentCartReads, errors: ErrorTable) {
  return {
    Query: {
      currentCart: (_: unknown, _args: unknown, ctx: GraphqlContext) =>
        translatingErrors(errors, async () => {
          try {
            return await carts.current(ctx.caller);
          } catch (error) {
            if (error instanceof DomainError && error.code === CartErrors.OWNED_CART_NOT_FOUND) return null;
            throw error;
          }
        }),
    },
  };
}
