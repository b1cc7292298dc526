/** The shop's tax settings and manual rates through the SDK's `taxes` module. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine, vitrineKeys } from '@vitrine/react';
import type { TaxRate, TaxSettings } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';

const TAXES = ['console', 'taxes'] as const;

export function useTaxSettings() {
  const { client } = useVitrine();
  return useQuery({ queryKey: [...TAXES, 'settings'], queryFn: () => merchantApi(client).taxes.getTaxSettings() });
}

export function useTaxRates() {
  const { client } = useVitrine();
  return useQuery({ queryKey: [...TAXES, 'rates'], queryFn: () => merchantApi(client).taxes.listTaxRates() });
}

export type TaxChange =
  | { kind: 'settings'; settings: TaxSettings }
  | { kind: 'create'; rate: TaxRate }
  | { kind: 'update'; id: string; rate: TaxRate }
  | { kind: 'delete'; id: string };

/** A change; the tax reads and every cart estimate (taxes move totals) are then stale. */
export function useTaxChange() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: TaxChange): Promise<unknown> => {
      const api = merchantApi(client).taxes;
      if (change.kind === 'settings') return api.updateTaxSettings(change.settings);
      if (change.kind === 'create') return api.createTaxRate(change.rate);
      if (change.kind === 'update') return api.updateTaxRate(change.id, change.rate);
      return api.deleteTaxRate(change.id);
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: TAXES }), queryClient.invalidateQueries({ queryKey: vitrineKeys.cart() })]),
  });
}
