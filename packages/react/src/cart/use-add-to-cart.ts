import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCurrentCartOptions, Cart } from '@vitrine/sdk';
import { useVitrine } from '../context.js';
import { vitrineKeys } from '../keys.js';
import { writeCart } from './cart-cache.js';

/**
 * Adds catalogue (or custom) line items; the cart the server answers replaces the cached one. Not
 * optimistic: a new line's name, price and availability only the server knows.
 * @example
 * const add = useAddToCart();
 * add.mutate({ lineItems: [{ catalogReference: { catalogItemId: product._id, appId, options: { variantId } }, quantity: 1 }] });
 * @see spec §7 "Cart" (add-to-cart)
 */
export function useAddToCart(): UseMutationResult<Cart | null, Error, AddToCurrentCartOptions> {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: vitrineKeys.cartWrite('add'),
    mutationFn: async (input: AddToCurrentCartOptions) => (await client.currentCart.addToCurrentCart(input)).cart ?? null,
    onSuccess: (cart) => writeCart(queryClient, cart),
  });
}
