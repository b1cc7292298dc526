import { Link } from 'react-router';
import { type ListingParams, listingSearch } from '../lib/listing-params.js';

/** Page links that keep every other URL parameter; the current page is marked for assistive tech. */
export function Pagination({ params, pageCount }: { params: ListingParams; pageCount: number }) {
  if (pageCount <= 1) return null;
  const page = Math.min(params.page, pageCount);
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, i) => first + i);
  const to = (pageNumber: number) => listingSearch(params, { page: pageNumber }) || '?';
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev" className="pagination__step">
          ← Previous
        </Link>
      ) : null}
      <ul>
        {pages.map((pageNumber) => (
          <li key={pageNumber}>
            <Link to={to(pageNumber)} aria-current={pageNumber === page ? 'page' : undefined} aria-label={`Page ${pageNumber}`}>
              {pageNumber}
            </Link>
          </li>
        ))}
      </ul>
      {page < pageCount ? (
        <Link to={to(page + 1)} rel="next" className="pagination__step">
          Next →
        </Link>
      ) : null}
    </nav>
  );
}
