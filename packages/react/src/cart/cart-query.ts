/** The current cart query, shared by `useCart` and route loaders. */

import { queryOptions } from '@tanstack/react-query';
import type { Cart } from '@vitrine/sdk';
import type { VitrineClient } from '../client.js';
import { vitrineKeys } from '../keys.js';
import { orNull } from '../not-found.js';
import { pendingOf, withPending } from './pending-quantities.js';

/** The server's answer before the shopper's first add-to-cart (spec §7 "Cart", 404). */
export const NO_CART = 'OWNED_CART_NOT_FOUND';

/**
 * The shopper's cart, `null` while there is none yet. A refetch that lands while quantity changes are
 * unconfirmed keeps them applied, so a window-focus refetch never undoes a click.
 */
export const cartQueryOptions = (client: VitrineClient) =>
  queryOptions({
    queryKey: vitrineKeys.currentCart(),
    queryFn: async ({ client: queryClient }): Promise<Cart | null> => {
      const cart = await orNull(client.currentCart.getCurrentCart(), NO_CART);
      const p = pendingOf(queryClient);
      p.base = cart;
      return withPending(cart, p) ?? null;
    },
    // A tab shown again may hold a cart another tab (or device) has changed since: always ask again.
    refetchOnWindowFocus: 'always',
  });
