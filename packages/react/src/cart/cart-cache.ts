/** Writing server carts into the query cache. */

import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '@vitrine/sdk';
import { vitrineKeys } from '../keys.js';
import { announceCartChange } from './cart-tabs.js';
import { pendingOf, withPending } from './pending-quantities.js';

/**
 * Caches a cart the server answered: it becomes the base of the pending quantity changes (which stay
 * applied on top), the totals estimates, computed from the old cart, are refetched, and the shop's other tabs are told
 * (cart-tabs.ts).
 */
export async function writeCart(queryClient: QueryClient, cart: Cart | null | undefined): Promise<void> {
  // A read still in flight (the first load of the page, a refocus) was asked before this write and
  // would land after it, putting the older cart back: stop it first.
  await queryClient.cancelQueries({ queryKey: vitrineKeys.currentCart() });
  const p = pendingOf(queryClient);
  p.base = cart ?? null;
  queryClient.setQueryData(vitrineKeys.currentCart(), withPending(cart ?? null, p));
  void queryClient.invalidateQueries({ queryKey: vitrineKeys.estimates() });
  announceCartChange();
}
