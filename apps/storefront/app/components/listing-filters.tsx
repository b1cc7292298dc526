import { type FormEvent, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { FacetGroupView, FacetValueView } from '../lib/catalogue-view.js';
import { facetLabel } from '../lib/facet-label.js';
import { type ListingParams, listingSearch, parseListingParams, SORTS } from '../lib/listing-params.js';
import { useLocale } from '../lib/locale.js';
import { useUrlValue } from '../lib/url-value.js';

interface ListingFiltersProps {
  params: ListingParams;
  /** the facets with their counts for the listing as it is */
  facets: FacetGroupView[];
  currency: string;
}

/** A value's count as a screen reader says it after the label ("about" when the count is an estimate). */
function countSpoken(value: FacetValueView): string {
  if (value.approximate) return `, about ${value.count} products`;
  return value.count === 1 ? ', 1 product' : `, ${value.count} products`;
}

/** The listing URL's query of what the form holds, as `listingSearch` writes it (defaults and empty fields left out). */
function searchOf(form: HTMLFormElement): string {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields.append(name, value);
  return listingSearch(parseListingParams(fields));
}

/**
 * Facets, price bounds and sort as one GET form: the URL is the state (shareable, back-button friendly,
 * works without JavaScript: each facet value is a checkbox `param=value`); with it, ticking a value or
 * choosing a sort applies at once, to a URL that names only what is chosen (`?q=tee&o.Color=Black`,
 * not the form's every field: `sort=relevance&min=&max=`).
 */
export function ListingFilters({ params, facets, currency }: ListingFiltersProps) {
  const form = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const locale = useLocale();
  const applyNow = () => form.current && navigate(searchOf(form.current) || '?', { preventScrollReset: true });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    applyNow();
  };
  const [min, setMin] = useUrlValue(params.min ?? '');
  const [max, setMax] = useUrlValue(params.max ?? '');
  const [sort, setSort] = useUrlValue<string>(params.sort);
  const sorts = Object.entries(SORTS).filter(([key]) => key !== 'relevance' || params.q);
  return (
    <form ref={form} method="get" className="filters" aria-label="Filter and sort products" onSubmit={onSubmit}>
      {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
      <div className="field">
        <label htmlFor="filter-sort">Sort by</label>
        <select
          id="filter-sort"
          name="sort"
          value={sort}
          onChange={(event) => {
            setSort(event.target.value);
            applyNow();
          }}
        >
          {sorts.map(([key, sortOption]) => (
            <option key={key} value={key}>
              {sortOption.label}
            </option>
          ))}
        </select>
      </div>
      {facets.map((group) => (
        <fieldset key={group.title} className="facet">
          <legend>{group.title}</legend>
          <ul className="facet__values">
            {group.values.map((value) => {
              const id = `facet-${value.param}-${value.value}`.replace(/[^\w-]/g, '_');
              return (
                <li key={`${value.param}=${value.value}`} className="facet__value">
                  <input
                    // remounted when the URL's selection changes (back button, a chip removed)
                    key={String(value.selected)}
                    id={id}
                    type="checkbox"
                    name={value.param}
                    value={value.value}
                    defaultChecked={value.selected}
                    // an estimated 0 may still find products: only an exact 0 is a dead end
                    disabled={value.count === 0 && !value.selected && !value.approximate}
                    onChange={applyNow}
                  />
                  <label htmlFor={id}>
                    {value.swatch ? <span className="facet__swatch" style={{ background: value.swatch }} aria-hidden="true" /> : null}
                    <span className="facet__label">{facetLabel(value, currency, locale)}</span>
                    <span className="facet__count">
                      <span aria-hidden="true">{value.approximate ? `~${value.count}` : value.count}</span>
                      <span className="visually-hidden">{countSpoken(value)}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
      <fieldset className="field field--range">
        <legend>Price ({currency})</legend>
        <label htmlFor="filter-min" className="visually-hidden">
          Minimum price
        </label>
        <input
          id="filter-min"
          name="min"
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          placeholder="Min"
          value={min}
          onChange={(event) => setMin(event.target.value)}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor="filter-max" className="visually-hidden">
          Maximum price
        </label>
        <input
          id="filter-max"
          name="max"
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          placeholder="Max"
          value={max}
          onChange={(event) => setMax(event.target.value)}
        />
      </fieldset>
      <button type="submit" className="button button--primary">
        Apply
      </button>
    </form>
  );
}
