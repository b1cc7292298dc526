/** The shop's shipping regions and options through the SDK's `shipping` module. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine, vitrineKeys } from '@vitrine/react';
import type { ShippingOptionSetting, ShippingRegion } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';

const SHIPPING = ['console', 'shipping'] as const;

export function useShippingRegions() {
  const { client } = useVitrine();
  return useQuery({ queryKey: [...SHIPPING, 'regions'], queryFn: () => merchantApi(client).shipping.listShippingRegions() });
}

export type ShippingChange =
  | { kind: 'create-region'; region: ShippingRegion }
  | { kind: 'update-region'; id: string; region: ShippingRegion }
  | { kind: 'delete-region'; id: string }
  | { kind: 'create-option'; regionId: string; option: ShippingOptionSetting }
  | { kind: 'update-option'; regionId: string; id: string; option: ShippingOptionSetting }
  | { kind: 'delete-option'; regionId: string; id: string };

/** A change; the regions and every cart estimate (shipping moves totals) are then stale. */
export function useShippingChange() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ShippingChange): Promise<unknown> => {
      const api = merchantApi(client).shipping;
      switch (change.kind) {
        case 'create-region':
          return api.createShippingRegion(change.region);
        case 'update-region':
          return api.updateShippingRegion(change.id, change.region);
        case 'delete-region':
          return api.deleteShippingRegion(change.id);
        case 'create-option':
          return api.createShippingOption(change.regionId, change.option);
        case 'update-option':
          return api.updateShippingOption(change.regionId, change.id, change.option);
        default:
          return api.deleteShippingOption(change.regionId, change.id);
      }
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: SHIPPING }), queryClient.invalidateQueries({ queryKey: vitrineKeys.cart() })]),
  });
}
