import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Form, useFetcher, useLocation, useNavigate } from 'react-router';
import type { SuggestionsView } from '../lib/catalogue-view.js';
import { MAX_QUERY_LENGTH, parseListingParams } from '../lib/listing-params.js';
import { useUrlValue } from '../lib/url-value.js';

const DEBOUNCE_MS = 200;
const MIN_CHARS = 2;

/** One line of the list: a product or a collection, and where choosing it goes. */
interface Suggestion {
  key: string;
  to: string;
  name: string;
  price?: string;
  image?: string;
  kind: 'product' | 'collection';
}

function suggestionsOf(data: SuggestionsView): Suggestion[] {
  return [
    ...data.products.map(
      (product): Suggestion => ({
        key: product.id,
        to: `/products/${product.slug}`,
        name: product.name,
        price: product.price,
        image: product.image,
        kind: 'product',
      }),
    ),
    ...data.collections.map(
      (collection): Suggestion => ({
        key: collection.id,
        to: `/collections/${collection.slug}`,
        name: collection.name,
        image: collection.image,
        kind: 'collection',
      }),
    ),
  ];
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The header search: a plain GET form to /search (works without JavaScript), enhanced into an
 * ARIA 1.2 combobox listing the best products and matching collections as you type, typos corrected
 * (debounced; ↑/↓ move, Enter opens the active one or the results page, Escape closes).
 */
export function SearchBox() {
  const fetcher = useFetcher<SuggestionsView>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const navigate = useNavigate();
  const id = useId();
  // on the results page the box holds the words searched, to refine them; elsewhere it starts empty
  const location = useLocation();
  const searched = location.pathname === '/search' ? (parseListingParams(new URLSearchParams(location.search)).q ?? '') : '';
  const [query, setQuery] = useUrlValue(searched);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const trimmed = query.trim();
  useEffect(() => {
    // the words the page already shows results for need no suggestions until the shopper changes them
    if (trimmed.length < MIN_CHARS || trimmed === searched) return;
    const timer = setTimeout(() => load.current(`/resources/search?q=${encodeURIComponent(trimmed)}`), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed, searched]);

  const answered = trimmed.length >= MIN_CHARS && fetcher.data?.q === trimmed ? fetcher.data : undefined;
  const results = answered ? suggestionsOf(answered) : [];
  const expanded = open && trimmed.length >= MIN_CHARS && fetcher.data?.q === trimmed;
  const optionId = (i: number) => `${id}-option-${i}`;

  function choose(to: string) {
    setOpen(false);
    setActive(-1);
    setQuery('');
    navigate(to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!results.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // cycles through -1 (the input itself) and every option
      setActive((i) => ((i + 1 + step + results.length + 1) % (results.length + 1)) - 1);
    } else if (event.key === 'Enter' && expanded && active >= 0 && results[active]) {
      event.preventDefault();
      choose(results[active].to);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setQuery('');
    }
  }

  return (
    <Form method="get" action="/search" role="search" className="search-box" onSubmit={() => setOpen(false)}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search products
      </label>
      <input
        id={`${id}-input`}
        className="search-box__input"
        type="search"
        name="q"
        placeholder="Search products"
        autoComplete="off"
        maxLength={MAX_QUERY_LENGTH}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <button type="submit" className="search-box__submit">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
      {/* the panel holds the listbox and, beside it, the words for no match: a listbox holds options only */}
      <div className="search-box__results" hidden={!expanded}>
        <div id={`${id}-listbox`} role="listbox" aria-label="Matching products">
          {results.map((result, i) => (
            // Focus stays in the input (aria-activedescendant); tabIndex -1 only lets a pointer focus the option.
            <div
              key={result.key}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={`search-box__option search-box__option--${result.kind}${result.image || result.kind === 'product' ? '' : ' search-box__option--text'}`}
              // mousedown would blur the input (closing the list) before the click lands
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(result.to)}
              onKeyDown={() => {}}
            >
              {/* a product without a picture keeps its place in the column; a collection without one is a text row */}
              {result.image ? (
                <img src={result.image} alt="" width={40} height={40} loading="lazy" />
              ) : result.kind === 'product' ? (
                <span className="search-box__noimg" />
              ) : null}
              <span className="search-box__name">{result.name}</span>
              {result.kind === 'collection' ? (
                <span className="search-box__kind">Collection</span>
              ) : (
                <span className="search-box__price">{result.price}</span>
              )}
            </div>
          ))}
        </div>
        {results.length === 0 ? <p className="search-box__empty">No products match “{trimmed}”</p> : null}
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {answered && expanded
          ? `${counted(answered.products.length, 'product', 'products')}${answered.collections.length ? ` and ${counted(answered.collections.length, 'collection', 'collections')}` : ''} found`
          : ''}
      </span>
    </Form>
  );
}
