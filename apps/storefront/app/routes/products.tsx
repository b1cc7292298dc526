import { Breadcrumbs } from '../components/breadcrumbs.js';
import { LISTING_ERROR_TITLE, ListingError, ListingView } from '../components/listing-view.js';
import { allCollections, listProducts } from '../lib/catalogue.server.js';
import { parseListingParams } from '../lib/listing-params.js';
import { useShopCurrency } from '../lib/locale.js';
import { pageMeta, shopNameOf } from '../lib/seo.js';
import { shopUrl } from '../lib/shop-url.server.js';
import { catalogueClient } from '../lib/vitrine.server.js';
import type { Route } from './+types/products';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListingParams(url.searchParams);
  const client = catalogueClient(context);
  const collections = await allCollections(client);
  const page = await listProducts(client, params, { collections });
  return { params, page, canonical: shopUrl(context, '/products') };
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  error
    ? [{ title: LISTING_ERROR_TITLE }]
    : pageMeta({
        shop: shopNameOf(matches),
        title: 'All products',
        description:
          'Browse every product in the shop: filter by collection, option, price, stock and sale, and sort by price, name or newest.',
        url: data?.canonical ?? '/products',
      });

export default function Products({ loaderData }: Route.ComponentProps) {
  const currency = useShopCurrency();
  return (
    <ListingView
      title="All products"
      params={loaderData.params}
      page={loaderData.page}
      currency={currency}
      breadcrumbs={<Breadcrumbs trail={[{ label: 'All products' }]} />}
    />
  );
}

export function ErrorBoundary() {
  return <ListingError />;
}
