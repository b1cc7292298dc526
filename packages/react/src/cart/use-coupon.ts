import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, VitrineError } from '@vitrine/sdk';
import { useVitrine } from '../context.js';
import { vitrineKeys } from '../keys.js';
import { writeCart } from './cart-cache.js';

export interface UseCouponResult {
  /** Applies a coupon by code (replacing any other); resolves to whether the server took it. */
  apply(code: string): Promise<boolean>;
  /** Removes the applied coupon; resolves to whether the server did. */
  remove(): Promise<boolean>;
  isPending: boolean;
  /**
   * The server's refusal of the last attempt, as the SDK raised it: `error.message` to show,
   * `error.details.applicationError.code` (`COUPON_NOT_FOUND`, `COUPON_EXPIRED`…) to branch on.
   */
  error: VitrineError | null;
  /** Forgets the last error (e.g. when the shopper edits the code). */
  reset(): void;
}

/**
 * Applies and removes the cart's coupon. A refused code leaves the cart as it was and shows the
 * server's message (`error`); `apply` and `remove` never reject, they resolve to whether it worked.
 * @example const coupon = useCoupon(); if (await coupon.apply(code)) setCode(''); else show(coupon.error?.message)
 * @see spec §7 "Cart" (PATCH couponCode, remove-coupon)
 */
export function useCoupon(): UseCouponResult {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  const onSuccess = (cart: Cart | null) => writeCart(queryClient, cart);
  const mutationKey = vitrineKeys.cartWrite('coupon');
  const apply = useMutation({
    mutationKey,
    mutationFn: async (code: string) => (await client.currentCart.updateCurrentCart({ couponCode: code })) ?? null,
    onSuccess,
  });
  const remove = useMutation({
    mutationKey,
    mutationFn: async () => (await client.currentCart.removeCouponFromCurrentCart()).cart ?? null,
    onSuccess,
  });
  // The error is kept in the mutation's state for rendering; the promise only says whether it worked.
  const settled = (p: Promise<unknown>) =>
    p.then(
      () => true,
      () => false,
    );
  return {
    apply: (code) => {
      remove.reset();
      return settled(apply.mutateAsync(code));
    },
    remove: () => {
      apply.reset();
      return settled(remove.mutateAsync());
    },
    isPending: apply.isPending || remove.isPending,
    error: (apply.error ?? remove.error) as VitrineError | null,
    reset: () => {
      apply.reset();
      remove.reset();
    },
  };
}
