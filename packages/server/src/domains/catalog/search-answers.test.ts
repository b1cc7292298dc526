/**
 * Search answers are serialised from their response schemas (`search-schemas.ts`, generated
 * serializers), which leave out whatever they do not name: these tests hold each answer sent over
 * HTTP against what the service made of the same request, as `JSON.stringify` writes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor } from '../../../test/support/cart-clients.js';
import { send } from '../../../test/support/http.js';
import { type SearchCatalog, startSearchCatalog } from '../../../test/support/search-catalog.js';
import type { SearchProductsRequest } from './search-schemas.js';

let shop: SearchCatalog;
let authorization: string;

beforeAll(async () => {
  shop = await startSearchCatalog();
  authorization = `Bearer ${(await newVisitor(shop.server)).tokens.access_token}`;
});
afterAll(() => shop?.server.close());

const EVERY_FACET = { collections: true, choices: true, priceRanges: true, inStock: true, onSale: true };
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('search answers', () => {
  it.each<[string, SearchProductsRequest]>([
    ['a text with every facet', { text: 'mug', facets: EVERY_FACET }],
    [
      'a listing with selections, sorted by price',
      { facets: EVERY_FACET, selected: { choices: { Size: ['M'] } }, query: { sort: [{ fieldName: 'price', order: 'DESC' }] } },
    ],
    ['a page that has a next one', { text: 'hoodie', paging: { limit: 1 } }],
  ])('carry every member the service answered (%s)', async (_name, request) => {
    const expected = asJson(await shop.server.services.catalogSearch.search(request));
    const sent = await send(`${shop.server.url}/_api/vitrine/v1/search/products`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    expect(sent.status).toBe(200);
    expect(expected.products.length).toBeGreaterThan(0);
    expect(sent.body).toEqual(expected);
  });

  it('carry every member of a suggestion', async () => {
    const expected = asJson(await shop.server.services.catalogSearch.suggest('mu', 5));
    const sent = await send(`${shop.server.url}/_api/vitrine/v1/search/suggestions?text=mu`, { headers: { authorization } });
    expect(sent.status).toBe(200);
    expect(expected.products.length).toBeGreaterThan(0);
    expect(sent.body).toEqual(expected);
  });
});
