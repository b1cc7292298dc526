import { keepPreviousData, queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { EstimateTotalsOptions, EstimateTotalsResponse } from '@vitrine/sdk';
import type { VitrineClient } from '../client.js';
import { useVitrine } from '../context.js';
import { vitrineKeys } from '../keys.js';
import { orNull } from '../not-found.js';
import { NO_CART } from './cart-query.js';

/** The estimate for an address and shipping option; `null` while there is no cart to estimate. */
export const estimateQueryOptions = (client: VitrineClient, input: EstimateTotalsOptions) =>
  queryOptions({
    queryKey: vitrineKeys.estimate(input),
    queryFn: (): Promise<EstimateTotalsResponse | null> => orNull(client.currentCart.estimateCurrentCartTotals(input), NO_CART),
  });

/**
 * Totals, shipping options and memberships of the cart for `input` (address, shipping option…).
 * Refetched after every cart write (its key sits under `vitrineKeys.cart()`); the last estimate stays
 * shown while a new one loads. Pass `undefined` to wait (e.g. until an address is complete).
 * @example const { data } = useEstimateTotals({ shippingAddress: { country: 'US' }, selectedShippingOption: { code: 'standard' } });
 * @see spec §3 "Totals estimate"
 */
export function useEstimateTotals(input: EstimateTotalsOptions | undefined): UseQueryResult<EstimateTotalsResponse | null> {
  const { client } = useVitrine();
  return useQuery({ ...estimateQueryOptions(client, input ?? {}), enabled: input !== undefined, placeholderData: keepPreviousData });
}
