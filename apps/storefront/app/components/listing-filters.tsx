import { useRef, useState } from 'react';
import { Form, useSubmit } from 'react-router';
import type { CollectionView } from '../lib/catalogue-view.js';
import { type ListingParams, SORTS } from '../lib/listing-params.js';

interface ListingFiltersProps {
  params: ListingParams;
  /** collections to pick from (omitted on a collection's own page) */
  collections?: CollectionView[];
  currency: string;
}

/**
 * A field's value that follows the URL: what the shopper typed stays (even while an earlier change is
 * still loading) until the URL's own value for the field changes (back button, a link, Apply).
 */
function useUrlValue<T>(fromUrl: T): [T, (value: T) => void] {
  const [seen, setSeen] = useState(fromUrl);
  const [value, setValue] = useState(fromUrl);
  if (!Object.is(seen, fromUrl)) {
    setSeen(fromUrl);
    setValue(fromUrl);
    return [fromUrl, setValue];
  }
  return [value, setValue];
}

/**
 * Filters and sort as one GET form: the URL is the state (shareable, back-button friendly, works
 * without JavaScript); with it, choosing a collection, stock or sort applies at once.
 */
export function ListingFilters({ params, collections, currency }: ListingFiltersProps) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const applyNow = () => form.current && submit(form.current, { preventScrollReset: true });
  const [collection, setCollection] = useUrlValue(params.collection ?? '');
  const [min, setMin] = useUrlValue(params.min ?? '');
  const [max, setMax] = useUrlValue(params.max ?? '');
  const [inStock, setInStock] = useUrlValue(params.inStock);
  const [sort, setSort] = useUrlValue<string>(params.sort);
  return (
    <Form ref={form} method="get" className="filters" aria-label="Filter and sort products">
      {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
      {collections ? (
        <div className="field">
          <label htmlFor="filter-collection">Collection</label>
          <select
            id="filter-collection"
            name="collection"
            value={collection}
            onChange={(e) => {
              setCollection(e.target.value);
              applyNow();
            }}
          >
            <option value="">All collections</option>
            {collections.map((c) => (
              <option key={c.id} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
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
          onChange={(e) => setMin(e.target.value)}
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
          onChange={(e) => setMax(e.target.value)}
        />
      </fieldset>
      <div className="field field--check">
        <input
          id="filter-in-stock"
          name="inStock"
          type="checkbox"
          value="1"
          checked={inStock}
          onChange={(e) => {
            setInStock(e.target.checked);
            applyNow();
          }}
        />
        <label htmlFor="filter-in-stock">In stock only</label>
      </div>
      <div className="field">
        <label htmlFor="filter-sort">Sort by</label>
        <select
          id="filter-sort"
          name="sort"
          value={sort}
          onChange={(e) => {
            setSort(e.target.value);
            applyNow();
          }}
        >
          {Object.entries(SORTS).map(([key, s]) => (
            <option key={key} value={key}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--primary">
        Apply
      </button>
    </Form>
  );
}
