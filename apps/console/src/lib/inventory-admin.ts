/**
 * A variant's inventory history and the merchant's stock changes with a reason, through the SDK's
 * `inventory` module (issue #24). A change answers the product, which replaces the cached one; the
 * catalogue lists and the variant's history are read again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import type { StockAdjustment } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';
import { refresh } from './products-admin.js';

const HISTORY = ['console', 'inventory', 'history'] as const;
/** `version`: the product's last update: any write of it (an edit, an order's) reads the history again. */
const historyKey = (productId: string, variantId: string, version: string) => [...HISTORY, productId, variantId, version] as const;

/** The newest 50 entries of the variant's history, and how many it has. */
export function useVariantHistory(productId: string, variantId: string | undefined, version: string) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: historyKey(productId, variantId ?? '', version),
    enabled: !!variantId,
    queryFn: () => merchantApi(client).inventory.getVariantHistory(productId, variantId as string, { limit: 50 }),
  });
}

/** Sets the stock with a reason. */
export function useAdjustStock(productId: string) {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adjustment: StockAdjustment) => merchantApi(client).inventory.adjustStock(productId, adjustment),
    onSuccess: async () => {
      await Promise.all([refresh(queryClient, productId), queryClient.invalidateQueries({ queryKey: [...HISTORY, productId] })]);
    },
  });
}
