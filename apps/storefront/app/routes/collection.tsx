import { data, isRouteErrorResponse } from 'react-router';
import { Breadcrumbs } from '../components/breadcrumbs.js';
import { LISTING_ERROR_TITLE, ListingError, ListingView } from '../components/listing-view.js';
import { StatusPage, statusTitle } from '../components/status-page.js';
import { collectionBySlug, listProducts } from '../lib/catalogue.server.js';
import { parseListingParams } from '../lib/listing-params.js';
import { useShopCurrency } from '../lib/locale.js';
import { pageMeta, shopNameOf } from '../lib/seo.js';
import { shopUrl } from '../lib/shop-url.server.js';
import { catalogueClient } from '../lib/vitrine.server.js';
import type { Route } from './+types/collection';

export async function loader({ request, params: route, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const client = catalogueClient(context);
  const collection = await collectionBySlug(client, route.slug);
  if (!collection) throw data(null, { status: 404 });
  // The collection is the page's own: a `collection` parameter cannot widen it.
  const params = { ...parseListingParams(url.searchParams), collections: [] };
  const page = await listProducts(client, params, { collectionId: collection.id });
  return { collection, params, page, canonical: shopUrl(context, `/collections/${collection.slug}`) };
}

export const meta: Route.MetaFunction = ({ data, error, matches }) => {
  if (!data) return [{ title: isRouteErrorResponse(error) && error.status === 404 ? statusTitle(error) : LISTING_ERROR_TITLE }];
  const { collection } = data;
  return pageMeta({
    shop: shopNameOf(matches),
    title: collection.name,
    description: collection.description ?? `Shop ${collection.name}.`,
    url: data.canonical,
    image: collection.image?.url,
  });
};

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const currency = useShopCurrency();
  const { collection } = loaderData;
  return (
    <ListingView
      title={collection.name}
      intro={collection.description}
      banner={collection.image}
      params={loaderData.params}
      page={loaderData.page}
      currency={currency}
      breadcrumbs={<Breadcrumbs trail={[{ label: 'All products', to: '/products' }, { label: collection.name }]} />}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A missing collection is "Page not found"; anything else is a listing that failed.
  return isRouteErrorResponse(error) && error.status === 404 ? <StatusPage error={error} /> : <ListingError />;
}
