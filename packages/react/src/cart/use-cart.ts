import { type UseQueryResult, useIsMutating, useQuery } from '@tanstack/react-query';
import type { Cart } from '@vitrine/sdk';
import { useVitrine } from '../context.js';
import { vitrineKeys } from '../keys.js';
import { cartQueryOptions } from './cart-query.js';

export type UseCartResult = UseQueryResult<Cart | null> & {
  /**
   * A cart write is in flight: quantities may already show the shopper's change while money fields
   * are still the server's previous answer. Dim totals (and disable checkout) while true.
   */
  isUpdating: boolean;
};

/**
 * The shopper's cart: `null` before the first add-to-cart (not an error), then the server's cart
 * with any unconfirmed quantity changes applied.
 * @example const { data: cart, isUpdating } = useCart(); <Total dim={isUpdating} price={cart?.subtotal} />
 * @see spec §7 "Cart"
 */
export function useCart(): UseCartResult {
  const { client } = useVitrine();
  const query = useQuery(cartQueryOptions(client));
  const writes = useIsMutating({ mutationKey: vitrineKeys.cartWrites() });
  return { ...query, isUpdating: writes > 0 } as UseCartResult;
}
