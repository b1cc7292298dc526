import { useIsMutating } from '@tanstack/react-query';
import { vitrineKeys } from '../keys.js';

/**
 * A cart write is in flight: quantities may already show the shopper's change while money fields
 * are still the server's previous answer. Dim totals (and disable checkout) while true.
 * @example const cart = useCart(); const updating = useCartUpdating(); <Total dim={updating} price={cart.data?.subtotal} />
 */
export function useCartUpdating(): boolean {
  return useIsMutating({ mutationKey: vitrineKeys.cartWrites() }) > 0;
}
