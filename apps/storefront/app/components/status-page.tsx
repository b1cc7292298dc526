import { isRouteErrorResponse, Link } from 'react-router';

/** "Page not found" for a 404 (thrown by a loader or no route), else "Something went wrong". */
export function statusTitle(error: unknown): string {
  return isRouteErrorResponse(error) && error.status === 404 ? 'Page not found' : 'Something went wrong';
}

/** The error page's content; its document title comes from the routes' `meta` (`statusTitle`). */
export function StatusPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = statusTitle(error);
  return (
    <section className="container status-page" aria-labelledby="status-title">
      <p className="status-page__code">{isRouteErrorResponse(error) ? error.status : 500}</p>
      <h1 id="status-title">{title}</h1>
      <p>
        {notFound
          ? 'There is no page at this address. The product may have been removed, or the link may be mistyped.'
          : 'The shop could not load this page just now. Please try again in a moment.'}
      </p>
      <p className="status-page__actions">
        <Link className="button button--primary" to="/products">
          Browse all products
        </Link>
        <Link className="button" to="/">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
