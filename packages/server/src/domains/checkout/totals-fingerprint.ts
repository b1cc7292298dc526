/**
 * The fingerprint of what a buyer is asked to pay (issue #19 "one source of truth for the price"): the
 * hosted checkout page sends back the fingerprint of the totals it showed, and the order is placed only
 * when the server's totals at placement have the same one. Any change of lines, quantities, prices,
 * discounts, shipping option, tax or total changes it; a changed page is shown again instead of charged.
 */
import { createHash } from 'node:crypto';
import type { TotalsResult } from '../cart/totals/model.js';

/** A short, opaque digest of the totals (currency, every line, the shipping option, the coupon, the summary). */
export function totalsFingerprint(totals: TotalsResult): string {
  const summary = totals.summary;
  const shown = [
    totals.currency,
    ...totals.lines.map((line) => `${line.id}×${line.quantity}=${line.subtotal}-${line.discount}`),
    `shipping:${totals.shipping?.selected?.code ?? ''}`,
    // the coupon the page named (issue #19): another coupon taking the same amount is another order
    `coupon:${[...new Set(totals.appliedDiscounts.flatMap((discount) => (discount.coupon ? [discount.coupon.code] : [])))].join(',')}`,
    `summary:${summary.subtotal}/${summary.discount}/${summary.shipping}/${summary.tax}/${summary.total}`,
  ];
  return createHash('sha256').update(shown.join('\n')).digest('base64url').slice(0, 22);
}
