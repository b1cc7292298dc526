/**
 * Each line's total (price × quantity, after its discounts) as the server computed it for the cart's
 * own estimate: money is never multiplied in the browser.
 */
import { useEstimateTotals } from '@vitrine/react';
import type { MultiCurrencyPrice } from '@vitrine/sdk';
import { useMemo } from 'react';

/** line item id → its total; empty until the server answered. */
export function useLineTotals(): ReadonlyMap<string, MultiCurrencyPrice> {
  // the same query as the summary's estimate before an address is given (no second request then)
  const estimate = useEstimateTotals({});
  const lines = estimate.data?.calculatedLineItems;
  return useMemo(
    () =>
      new Map(
        (lines ?? []).flatMap((line) =>
          line.lineItemId && line.pricesBreakdown?.lineItemPrice ? [[line.lineItemId, line.pricesBreakdown.lineItemPrice]] : [],
        ),
      ),
    [lines],
  );
}
