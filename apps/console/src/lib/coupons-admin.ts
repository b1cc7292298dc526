/** The merchant's coupons through the SDK's `coupons` module: the list, one coupon, and the writes. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine, vitrineKeys } from '@vitrine/react';
import type { ShopCoupon } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';

const COUPONS = ['console', 'coupons'] as const;

export function useCouponList(options: { offset: number; limit: number; code?: string }) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...COUPONS, 'list', options],
    placeholderData: keepPreviousData,
    queryFn: () => merchantApi(client).coupons.listCoupons(options),
  });
}

export function useCoupon(couponId: string) {
  const { client } = useVitrine();
  return useQuery({ queryKey: [...COUPONS, 'detail', couponId], queryFn: () => merchantApi(client).coupons.getCoupon(couponId) });
}

export type CouponChange =
  | { kind: 'create'; coupon: ShopCoupon }
  | { kind: 'update'; id: string; coupon: Partial<ShopCoupon> }
  | { kind: 'delete'; id: string };

/** A write; every coupon read is then stale, and so is any cart's estimate that used one. */
export function useCouponChange() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: CouponChange): Promise<ShopCoupon | undefined> => {
      const api = merchantApi(client).coupons;
      if (change.kind === 'create') return api.createCoupon(change.coupon);
      if (change.kind === 'update') return api.updateCoupon(change.id, change.coupon);
      await api.deleteCoupon(change.id);
      return undefined;
    },
    onSettled: (_answer, error, change) => {
      // a deleted coupon's own read is not asked again (its page is on its way out)
      const gone = change.kind === 'delete' && !error ? change.id : undefined;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: COUPONS, predicate: (query) => !gone || !query.queryKey.includes(gone) }),
        queryClient.invalidateQueries({ queryKey: vitrineKeys.cart() }),
      ]);
    },
  });
}
