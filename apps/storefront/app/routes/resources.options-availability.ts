import { data } from 'react-router';
import { OPTION_PARAM } from '../lib/availability-url.js';
import { optionsAvailability } from '../lib/catalogue.server.js';
import type { AvailabilityView } from '../lib/catalogue-view.js';
import { catalogueClient } from '../lib/vitrine.server.js';
import type { Route } from './+types/resources.options-availability';

/**
 * GET /resources/options-availability?product=<id>&opt.<name>=<choice>…: productOptionsAvailability
 * for the product page's fetcher (the variant once complete, and which choices stay selectable).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<AvailabilityView & { selection: Record<string, string> }> {
  const search = new URL(request.url).searchParams;
  const productId = search.get('product') ?? '';
  if (!/^[\w-]{1,100}$/.test(productId)) throw data({ message: 'product: a product id is required' }, { status: 400 });
  const selection: Record<string, string> = {};
  for (const [key, value] of search) {
    if (key.startsWith(OPTION_PARAM) && value.length <= 200 && Object.keys(selection).length < 20)
      selection[key.slice(OPTION_PARAM.length)] = value;
  }
  const answer = await optionsAvailability(catalogueClient(context), productId, selection, '');
  if (!answer) throw data({ message: 'no such product' }, { status: 404 });
  return { ...answer, selection };
}
