import { useLocation, useNavigation } from 'react-router';
import type { ImageView, ProductPage } from '../lib/catalogue-view.js';
import { choiceLinkSearch } from '../lib/choice-params.js';
import { type ListingParams, narrowedBeyondWords } from '../lib/listing-params.js';
import { ListingChips } from './listing-chips.js';
import { FiltersDrawer } from './listing-drawer.js';
import { type ListingDetours, ListingEmpty } from './listing-empty.js';
import { ListingFilters } from './listing-filters.js';
import { Pagination } from './pagination.js';
import { ProductGrid, ProductGridSkeleton } from './product-card.js';

interface ListingViewProps {
  title: string;
  intro?: string;
  /** a collection's picture, shown above its name */
  banner?: ImageView;
  params: ListingParams;
  page: ProductPage;
  currency: string;
  breadcrumbs?: React.ReactNode;
  /** other products and collections offered when nothing is found */
  detours?: ListingDetours;
}

/**
 * A product listing: heading, facet filters (a drawer on a phone), active filters as chips, the grid
 * (skeleton while the next state loads), empty state, pages.
 */
export function ListingView({ title, intro, banner, params, page, currency, breadcrumbs, detours }: ListingViewProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const loadingHere = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const { total, totalExact } = page;
  // nothing found and nothing to untick: no "Filter (0)" on a phone, no column of zeros beside the
  // empty state; the words are changed in the search box
  const filterable = total > 0 || narrowedBeyondWords(params);
  return (
    <div className="container listing">
      {breadcrumbs}
      <header className="listing__header">
        {banner ? (
          // decorative beside the heading that names it; sized so nothing moves when it arrives
          <img className="listing__banner" src={banner.url} alt="" width={banner.width ?? 1200} height={banner.height ?? 400} />
        ) : null}
        <h1>{title}</h1>
        {intro ? <p className="listing__intro">{intro}</p> : null}
        <p className="listing__count" role="status">
          {totalExact ? (total === 1 ? '1 product' : `${total} products`) : `about ${total} products`}
          {page.pageCount > 1 ? ` · page ${page.page} of ${totalExact ? '' : 'about '}${page.pageCount}` : ''}
        </p>
      </header>
      <div className={filterable ? 'listing__body' : 'listing__body listing__body--unfiltered'}>
        {filterable ? (
          <FiltersDrawer total={total} totalExact={totalExact}>
            <ListingFilters params={params} facets={page.facets} currency={currency} />
          </FiltersDrawer>
        ) : null}
        <section className="listing__results" aria-label="Products" aria-busy={loadingHere}>
          <ListingChips params={params} facets={page.facets} currency={currency} />
          {loadingHere ? (
            <ProductGridSkeleton />
          ) : page.products.length ? (
            // narrowed to one colour (or size…), each product opens on it
            <ProductGrid products={page.products} label={title} heading="h2" linkSearch={choiceLinkSearch(params.choices)} />
          ) : (
            <ListingEmpty params={params} detours={detours} />
          )}
          <Pagination params={params} pageCount={page.pageCount} />
        </section>
      </div>
    </div>
  );
}

/** The document title of a listing that failed to load (set by the listing routes' `meta`). */
export const LISTING_ERROR_TITLE = 'Products unavailable';

/** A listing that failed to load (the API is unreachable or answered an error). */
export function ListingError() {
  const location = useLocation();
  return (
    <div className="container status-page" role="alert">
      <h1>Products could not be loaded</h1>
      <p>The shop is not answering just now. Please try again in a moment.</p>
      <p className="status-page__actions">
        <a className="button button--primary" href={`${location.pathname}${location.search}`}>
          Try again
        </a>
      </p>
    </div>
  );
}
