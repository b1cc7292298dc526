import { suggestions } from '../lib/catalogue.server.js';
import type { SuggestionsView } from '../lib/catalogue-view.js';
import { parseListingParams } from '../lib/listing-params.js';
import { catalogueClient } from '../lib/vitrine.server.js';
import type { Route } from './+types/resources.search';

const SUGGESTIONS = 6;

/**
 * GET /resources/search?q=…: the best products and matching collections for what has been typed (the
 * search API's suggestions, typos corrected). The browser asks here, so its bundle holds no search module.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<SuggestionsView> {
  const { q: query } = parseListingParams(new URL(request.url).searchParams);
  if (!query || query.length < 2) return { q: query ?? '', products: [], collections: [] };
  return suggestions(catalogueClient(context), query, SUGGESTIONS);
}
