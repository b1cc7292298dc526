import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@vitrine/sdk';
import { useVitrine } from '../context.js';
import { vitrineKeys } from '../keys.js';
import { writeCart } from './cart-cache.js';
import { pendingOf } from './pending-quantities.js';

/**
 * Removes a line by id; the server's cart (with its new totals) replaces the cached one.
 * @example const remove = useRemoveLineItem(); remove.mutate(line._id);
 * @see spec §7 "Cart" (remove-line-items)
 */
export function useRemoveLineItem(): UseMutationResult<Cart | null, Error, string> {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: vitrineKeys.cartWrite('remove'),
    mutationFn: async (lineItemId: string) => (await client.currentCart.removeLineItemsFromCurrentCart([lineItemId])).cart ?? null,
    onSuccess: (cart, lineItemId) => {
      // A quantity click still waiting for this line has nothing left to change.
      pendingOf(queryClient).lines.delete(lineItemId);
      return writeCart(queryClient, cart);
    },
  });
}
