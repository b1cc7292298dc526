import { useRef } from 'react';
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
 * Filters and sort as one GET form: the URL is the state (shareable, back-button friendly, works
 * without JavaScript); with it, choosing a collection, stock or sort applies at once.
 */
export function ListingFilters({ params, collections, currency }: ListingFiltersProps) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const applyNow = () => form.current && submit(form.current, { preventScrollReset: true });
  return (
    <Form ref={form} method="get" className="filters" aria-label="Filter and sort products">
      {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
      {collections ? (
        <div className="field">
          <label htmlFor="filter-collection">Collection</label>
          <select id="filter-collection" name="collection" defaultValue={params.collection ?? ''} onChange={applyNow}>
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
          defaultValue={params.min ?? ''}
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
          defaultValue={params.max ?? ''}
        />
      </fieldset>
      <div className="field field--check">
        <input id="filter-in-stock" name="inStock" type="checkbox" value="1" defaultChecked={params.inStock} onChange={applyNow} />
        <label htmlFor="filter-in-stock">In stock only</label>
      </div>
      <div className="field">
        <label htmlFor="filter-sort">Sort by</label>
        <select id="filter-sort" name="sort" defaultValue={params.sort} onChange={applyNow}>
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
