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
    mutationFn: async (c: ShippingChange): Promise<unknown> => {
      const api = merchantApi(client).shipping;
      switch (c.kind) {
        case 'create-region':
          return api.createShippingRegion(c.region);
        case 'update-region':
          return api.updateShippingRegion(c.id, c.region);
        case 'delete-region':
          return api.deleteShippingRegion(c.id);
        case 'create-option':
          return api.createShippingOption(c.regionId, c.option);
        case 'update-option':
          return api.updateShippingOption(c.regionId, c.id, c.option);
        default:
          return api.deleteShippingOption(c.regionId, c.id);
      }
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: SHIPPING }), queryClient.invalidateQueries({ queryKey: vitrineKeys.cart() })]),
  });
}
