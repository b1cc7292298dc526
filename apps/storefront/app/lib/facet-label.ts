import type { FacetValueView } from './catalogue-view.js';
import { formatMoney } from './locale.js';

/** A facet value's words: a price range in the page's money ("Under $25", "$25 – $50", "$200 and up"). */
export function facetLabel(value: FacetValueView, currency: string, locale: string): string {
  const { range } = value;
  if (!range) return value.label;
  const money = (amount: string) => formatMoney(Number(amount), currency, locale, true);
  if (range.from && range.to) return `${money(range.from)} – ${money(range.to)}`;
  if (range.to) return `Under ${money(range.to)}`;
  return `${money(range.from ?? '0')} and up`;
}
