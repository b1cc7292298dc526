/**
 * `search`: product search and suggestions, Vitrine's extension of the catalogue reads (the
 * reference has no search; `queryProducts` stays as it is). Reads, served by the read-only host;
 * a search too long for a URL goes as a POST to the api host.
 */
import type { SearchProductsRequest, SearchProductsResponse, SearchSuggestions } from '../types/index.js';
import { call } from './call.js';
import { PRODUCT } from './catalog-conversions.js';
import { under } from './conversions.js';

const BASE = '/_api/vitrine/v1/search';

export const search = {
  /**
   * One page of matching products with the total and the asked facets' counts. Text over 200
   * characters is a 400 whose violation names `request.text` (the argument; the wire names `text`).
   * @example const { products, facets } = await client.search.searchProducts({ text: 'blue hoodie', facets: { choices: true } });
   */
  searchProducts: /* @__PURE__ */ call<(request: SearchProductsRequest) => Promise<SearchProductsResponse>>({
    route: `GET ${BASE}/products`,
    args: ['request{text,query,selected,facets,paging}'],
    response: /* @__PURE__ */ under('products', PRODUCT),
    queryItems: 'products',
  }),

  /**
   * The best few products (`limit` 1–10, default 5) and up to 3 collections for what the shopper
   * has typed so far. Text over 200 characters is a 400 whose violation names `text`.
   * @example const { products } = await client.search.suggest('hood');
   */
  suggest: /* @__PURE__ */ call<(text: string, options?: { limit?: number }) => Promise<SearchSuggestions>>({
    route: `GET ${BASE}/suggestions`,
    args: ['text', 'options{limit}'],
  }),
};
