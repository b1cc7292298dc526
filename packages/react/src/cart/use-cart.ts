import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Cart } from '@vitrine/sdk';
import { useVitrine } from '../context.js';
import { cartQueryOptions } from './cart-query.js';

/** The cart query as TanStack Query gives it (not copied: a component re-renders only for what it reads). */
export type UseCartResult = UseQueryResult<Cart | null>;

/**
 * The shopper's cart: `null` before the first add-to-cart (not an error), then the server's cart
 * with any unconfirmed quantity changes applied. Whether a write is in flight: `useCartUpdating`.
 * @example const { data: cart } = useCart();
 * @see spec §7 "Cart"
 */
export function useCart(): UseCartResult {
  const { client } = useVitrine();
  return useQuery(cartQueryOptions(client));
}
