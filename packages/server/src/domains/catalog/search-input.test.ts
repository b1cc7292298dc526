import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../../test/support/http.js';
import { type SearchCatalog, shopperSearch, startSearchCatalog } from '../../../test/support/search-catalog.js';
import { thrown } from '../../../test/support/thrown.js';

let shop: SearchCatalog;
beforeAll(async () => {
  shop = await startSearchCatalog();
});
afterAll(() => shop?.server.close());

const search = () => shopperSearch(shop.server);
const violations = async (pending: Promise<unknown>) => {
  const error = await thrown(pending);
  return {
    status: error.status,
    violations: error.details?.validationError?.fieldViolations?.map((fieldViolation) => [
      fieldViolation.field,
      fieldViolation.description,
    ]),
  };
};

describe('search takes any text without failing (#22)', () => {
  it('lists every visible product for no text', async () => {
    expect((await search().searchProducts({ text: '   ' })).metadata.total).toBe(9);
  });

  it.each([['!!!'], ['-'], ['"'], ['&|!<->:*'], ["'; DROP TABLE products; --"]])(
    'finds nothing, without an error, for %s',
    async (text) => {
      const result = await search().searchProducts({ text, facets: { collections: true } });
      expect(result.metadata.total).toBe(result.products.length);
    },
  );

  it('reads <script> as a word and answers JSON', async () => {
    const result = await search().searchProducts({ text: '<script>alert(1)</script>' });
    expect(result.products).toEqual([]);
  });

  // The SDK names a violation by the argument it came from: `request.text` is the wire's `text`.
  it('refuses text over 200 characters (400, field text)', async () => {
    expect(await violations(search().searchProducts({ text: 'a'.repeat(201) }))).toEqual({
      status: 400,
      violations: [['request.text', 'must be at most 200 characters']],
    });
    expect(await violations(search().suggest('a'.repeat(201)))).toEqual({
      status: 400,
      violations: [['text', 'must be at most 200 characters']],
    });
  });

  it('names the over-long text `text` on the wire, for a search and for suggestions', async () => {
    const long = 'a'.repeat(201);
    const fields = (response: { body: unknown }) =>
      (
        response.body as { details?: { validationError?: { fieldViolations?: { field: string }[] } } }
      ).details?.validationError?.fieldViolations?.map((fieldViolation) => fieldViolation.field);
    const posted = await send(`${shop.server.url}/_api/vitrine/v1/search/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: long }),
    });
    expect([posted.status, fields(posted)]).toEqual([400, ['text']]);
    const suggested = await send(`${shop.server.url}/_api/vitrine/v1/search/suggestions?text=${long}`);
    expect([suggested.status, fields(suggested)]).toEqual([400, ['text']]);
  });

  it('refuses a NUL character (400)', async () => {
    expect((await violations(search().searchProducts({ text: 'mug\u0000' }))).status).toBe(400);
    expect((await violations(search().suggest('mug\u0000'))).status).toBe(400);
  });

  it('refuses a filter queryProducts would refuse, naming it', async () => {
    expect(await violations(search().searchProducts({ text: 'mug', query: { filter: { colour: 'red' } } }))).toMatchObject({
      status: 400,
      violations: [['request.query.filter.colour', expect.any(String)]],
    });
  });

  it('refuses a cursor of another search', async () => {
    const first = await search().searchProducts({ text: 'mug', paging: { limit: 1 } });
    const cursor = first.metadata.nextCursor as string;
    expect(await violations(search().searchProducts({ text: 'hoodie', paging: { limit: 1, cursor } }))).toEqual({
      status: 400,
      violations: [['request.paging.cursor', 'belongs to another search']],
    });
    expect((await violations(search().searchProducts({ text: 'mug', paging: { cursor: 'nonsense' } }))).status).toBe(400);
  });

  it('reads a number typed as text as text (GET with dotted parameters)', async () => {
    const response = await send(`${shop.server.url}/_api/vitrine/v1/search/products?text=2024&paging.limit=5`);
    expect(response.status).toBe(200);
    expect(response.body.text).toBe('2024');
  });
});

describe('suggestions (#22)', () => {
  it('suggests products and collections for a prefix', async () => {
    const suggested = await search().suggest('kitch');
    expect(suggested.collections.map((collection) => collection.name)).toEqual(['Kitchen']);
    expect(suggested.products).toHaveLength(4);
  });

  it('suggests the product of a typo with its price and page', async () => {
    const suggested = await search().suggest('notebok', { limit: 1 });
    expect(suggested.products).toEqual([
      {
        _id: shop.productIds['Dotted notebook'],
        name: 'Dotted notebook',
        slug: 'dotted-notebook',
        formattedPrice: '$8.00',
        productPageUrl: { base: `${shop.server.url}/`, path: '/products/dotted-notebook' },
      },
    ]);
  });

  it('suggests nothing for punctuation', async () => {
    expect(await search().suggest('???')).toEqual({ products: [], collections: [] });
  });
});
