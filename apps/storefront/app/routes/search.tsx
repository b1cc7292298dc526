import { Breadcrumbs } from '../components/breadcrumbs.js';
import { LISTING_ERROR_TITLE, ListingError, ListingView } from '../components/listing-view.js';
import { allCollections, listProducts, newArrivals } from '../lib/catalogue.server.js';
import { parseListingParams } from '../lib/listing-params.js';
import { useShopCurrency } from '../lib/locale.js';
import { shopNameOf } from '../lib/seo.js';
import { catalogueClient } from '../lib/vitrine.server.js';
import type { Route } from './+types/search';

/** New products offered beside "No results". */
const DETOUR_PRODUCTS = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = parseListingParams(new URL(request.url).searchParams);
  const client = catalogueClient(context);
  const collections = await allCollections(client);
  const page = await listProducts(client, params, { collections });
  // nothing found: a few other places to go, fetched only then
  const detours = page.total === 0 && params.q ? { products: await newArrivals(client, DETOUR_PRODUCTS), collections } : undefined;
  return { params, page, detours };
}

export const meta: Route.MetaFunction = ({ data, error, matches }) => [
  { title: error ? LISTING_ERROR_TITLE : `${data?.params.q ? `Search: ${data.params.q}` : 'Search'} · ${shopNameOf(matches)}` },
  { name: 'description', content: 'Search the shop’s products.' },
  // result pages are endless variations: keep them out of search engines
  { name: 'robots', content: 'noindex, follow' },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  const currency = useShopCurrency();
  const { params } = loaderData;
  return (
    <ListingView
      title={params.q ? `Results for “${params.q}”` : 'Search'}
      intro={params.q ? undefined : 'Type in the search box above to find products by name, brand, SKU, option or collection.'}
      params={params}
      page={loaderData.page}
      detours={loaderData.detours}
      currency={currency}
      breadcrumbs={<Breadcrumbs trail={[{ label: 'Search' }]} />}
    />
  );
}

export function ErrorBoundary() {
  return <ListingError />;
}
