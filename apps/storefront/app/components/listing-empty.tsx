import { Link, useLocation } from 'react-router';
import type { CollectionView, ProductCardView } from '../lib/catalogue-view.js';
import { type ListingParams, listingSearch, narrowedBeyondWords, withoutFilters } from '../lib/listing-params.js';
import { ProductGrid } from './product-card.js';

/** Where a shopper with no results may go instead (the search page loads them only when it finds nothing). */
export interface ListingDetours {
  products: ProductCardView[];
  collections: CollectionView[];
}

/**
 * A listing with no products: what was searched, what to try (spelling, fewer words, the filters
 * cleared with one button when some are on), and other products and collections to go to.
 */
export function ListingEmpty({ params, detours }: { params: ListingParams; detours?: ListingDetours }) {
  const location = useLocation();
  // filters beside the words: only those can be cleared here
  const filtered = narrowedBeyondWords(params);
  const heading = params.q ? `No results for “${params.q}”` : filtered ? 'No products match' : 'Nothing here yet';
  return (
    <div className="empty-state">
      <h2>{heading}</h2>
      {params.q || filtered ? (
        <ul className="empty-state__tips">
          {params.q ? <li>Check the spelling.</li> : null}
          {params.q ? <li>Try fewer or more general words.</li> : null}
          {filtered ? <li>Remove a filter or widen the price range.</li> : null}
        </ul>
      ) : (
        <p>There are no products to show right now.</p>
      )}
      {filtered ? (
        <Link to={listingSearch(withoutFilters(params)) || location.pathname} className="button">
          Clear filters
        </Link>
      ) : null}
      {detours?.collections.length ? (
        <nav className="empty-state__collections" aria-label="Browse collections">
          <h3>Browse our collections</h3>
          <ul>
            {detours.collections.map((collection) => (
              <li key={collection.id}>
                <Link to={`/collections/${collection.slug}`}>{collection.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {detours?.products.length ? (
        <div className="empty-state__products">
          <h3>New in the shop</h3>
          <ProductGrid products={detours.products} label="New in the shop" heading="h3" />
        </div>
      ) : null}
    </div>
  );
}
