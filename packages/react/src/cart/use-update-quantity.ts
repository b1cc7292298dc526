import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@vitrine/sdk';
import { useVitrine } from '../context.js';
import { vitrineKeys } from '../keys.js';
import { writeCart } from './cart-cache.js';
import { pendingOf, withPending } from './pending-quantities.js';

/** A line's new quantity (0 removes the line). */
export interface QuantityChange {
  lineItemId: string;
  quantity: number;
}

/** The click each change is (mutation variables are the same object from `onMutate` to `mutationFn`). */
const clickOf = new WeakMap<QuantityChange, number>();

/** All quantity writes share one scope: one request in flight, the rest wait their turn in order. */
const SCOPE = { id: 'vitrine.cart.quantity' };

/**
 * Sets a line's quantity, optimistically: the cached cart shows the new quantity at once (0 hides the
 * line) while every money field stays as the server last answered, and `useCartUpdating()` is true
 * until it answers again. Rapid clicks on one line merge: one request in flight, and a click that a
 * newer one on the same line overtook while waiting is never sent (the latest wins). A refused change
 * rolls the line back to the server's last quantity.
 * @example const update = useUpdateQuantity(); update.mutate({ lineItemId: line._id, quantity: line.quantity + 1 });
 * @see spec §7 "Cart" (update-line-items-quantity)
 */
export function useUpdateQuantity(): UseMutationResult<Cart | null, Error, QuantityChange> {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  const key = vitrineKeys.currentCart();
  /** Whether `change` is still the newest click on its line. */
  const newest = (change: QuantityChange) => pendingOf(queryClient).lines.get(change.lineItemId)?.seq === clickOf.get(change);

  return useMutation({
    mutationKey: vitrineKeys.cartWrite('quantity'),
    scope: SCOPE,
    onMutate: async (change) => {
      const p = pendingOf(queryClient);
      // A refetch landing after this would show the old quantity for a moment.
      await queryClient.cancelQueries({ queryKey: key });
      // Nothing unconfirmed: the cache holds the server's cart as it is (also one an SSR loader put there).
      if (!p.lines.size) p.base = queryClient.getQueryData<Cart | null>(key);
      const seq = ++p.seq;
      clickOf.set(change, seq);
      p.lines.set(change.lineItemId, { quantity: change.quantity, seq });
      queryClient.setQueryData(key, withPending(p.base, p));
    },
    mutationFn: async (change) => {
      // Overtaken while waiting for its turn: the newer click sends the quantity the shopper wants.
      if (!newest(change)) return null;
      const { lineItemId, quantity } = change;
      return (await client.currentCart.updateCurrentCartLineItemQuantity([{ _id: lineItemId, quantity }])).cart ?? null;
    },
    onSuccess: (cart, change) => {
      if (!cart) return;
      if (newest(change)) pendingOf(queryClient).lines.delete(change.lineItemId);
      return writeCart(queryClient, cart);
    },
    onError: (_error, change) => {
      const p = pendingOf(queryClient);
      // A newer click on the line is still on its way; otherwise the line goes back to the server's value.
      if (newest(change)) p.lines.delete(change.lineItemId);
      queryClient.setQueryData(key, withPending(p.base, p));
      // Resynchronise once nothing else is waiting: the refusal may mean the cart changed elsewhere.
      if (!p.lines.size) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
