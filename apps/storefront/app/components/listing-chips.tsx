import { Link } from 'react-router';
import type { FacetGroupView } from '../lib/catalogue-view.js';
import { facetLabel } from '../lib/facet-label.js';
import { type ListingParams, listingSearch, withoutFilters } from '../lib/listing-params.js';
import { formatMoney, useLocale } from '../lib/locale.js';

interface ListingChipsProps {
  params: ListingParams;
  facets: FacetGroupView[];
  currency: string;
}

interface Chip {
  label: string;
  /** the listing's URL query without this filter (and back on page 1) */
  to: string;
}

/** The URL query of `params` on page 1 without the parameters `drop` names (`[name]` or `[name, value]`). */
function without(params: ListingParams, ...drop: [string, string?][]): string {
  const search = new URLSearchParams(listingSearch(params, { page: 1 }));
  for (const [name, value] of drop) search.delete(name, value);
  return `?${search}`;
}

/** The active filters as removable chips, then "Clear all" (which keeps the words and the sort). */
export function ListingChips({ params, facets, currency }: ListingChipsProps) {
  const locale = useLocale();
  const chips: Chip[] = facets.flatMap((group) =>
    group.values
      .filter((value) => value.selected)
      .map((value) => {
        const label = facetLabel(value, currency, locale);
        return {
          label: group.title === 'Availability' ? label : `${group.title}: ${label}`,
          to: without(params, [value.param, value.value]),
        };
      }),
  );
  if (params.min !== undefined || params.max !== undefined) {
    const money = (amount: number) => formatMoney(amount, currency, locale);
    const label =
      params.min !== undefined && params.max !== undefined
        ? `${money(params.min)} – ${money(params.max)}`
        : params.min !== undefined
          ? `From ${money(params.min)}`
          : `Up to ${money(params.max ?? 0)}`;
    chips.push({ label: `Price: ${label}`, to: without(params, ['min'], ['max']) });
  }
  if (!chips.length) return null;
  const cleared = listingSearch(withoutFilters(params));
  return (
    <ul className="chips" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.to}>
          <Link to={chip.to} className="chip" preventScrollReset>
            <span className="visually-hidden">Remove filter </span>
            {chip.label}
            <span aria-hidden="true" className="chip__x">
              ×
            </span>
          </Link>
        </li>
      ))}
      <li>
        <Link to={cleared || '?'} className="chips__clear" preventScrollReset>
          Clear all
        </Link>
      </li>
    </ul>
  );
}
