import { listProducts } from '../lib/catalogue.server.js';
import type { ProductCardView } from '../lib/catalogue-view.js';
import { parseListingParams } from '../lib/listing-params.js';
import { catalogueClient } from '../lib/vitrine.server.js';
import type { Route } from './+types/resources.search';

/** What the header's search box shows while typing. */
export interface SearchSuggestions {
  q: string;
  products: ProductCardView[];
}

const SUGGESTIONS = 6;

/** GET /resources/search?q=…: the first products whose name contains the words (for the as-you-type list). */
export async function loader({ request, context }: Route.LoaderArgs): Promise<SearchSuggestions> {
  const { q } = parseListingParams(new URL(request.url).searchParams);
  if (!q || q.length < 2) return { q: q ?? '', products: [] };
  const page = await listProducts(catalogueClient(context), { q, inStock: false, sort: 'name-asc', page: 1 });
  return { q, products: page.products.slice(0, SUGGESTIONS) };
}
