/** The shop's settings and payment methods through the SDK's `shopSettings` module. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import type { ShopSettings } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';

const SHOP_SETTINGS = ['console', 'shop-settings'] as const;

export function useShopSettings() {
  const { client } = useVitrine();
  return useQuery({ queryKey: SHOP_SETTINGS, queryFn: () => merchantApi(client).shopSettings.getShopSettings() });
}

/** A change; the settings read is then stale. */
export function useShopSettingsChange() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShopSettings) => merchantApi(client).shopSettings.updateShopSettings(settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SHOP_SETTINGS }),
  });
}
