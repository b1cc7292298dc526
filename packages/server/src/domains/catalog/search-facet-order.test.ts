import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantOf, shopperSearch } from '../../../test/support/search-catalog.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

/**
 * A shop whose sizes sort one way by count (M on most products, then L...) and another by name
 * (L, M, S, XL), and whose products list their sizes in different orders.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const merchant = merchantOf(server).products;
  const option = (name: string, values: string[], optionType: 'drop_down' | 'color' = 'drop_down') => ({
    name,
    optionType,
    choices: values.map((value) => ({ value })),
  });
  const shirts: [string, string[], string[]][] = [
    ['Linen shirt', ['S', 'M', 'L', 'XL'], ['Sand', 'Black']],
    ['Oxford shirt', ['M', 'L'], ['Black']],
    ['Flannel shirt', ['M', 'L', 'XL'], ['Sand']],
    ['Denim shirt', ['XL', 'L', 'M'], ['Sand', 'Black']],
  ];
  for (const [name, sizes, colours] of shirts) {
    await merchant.createProduct({
      name,
      priceData: { price: 30 },
      productOptions: [option('Size', sizes), option('Color', colours, 'color')],
    });
  }
}, 60_000);
afterAll(() => server?.close());

const choices = async () => {
  const { facets } = await shopperSearch(server).searchProducts({ facets: { choices: true } });
  return Object.fromEntries(
    (facets.choices ?? []).map((option) => [option.optionName, option.values.map((choice) => `${choice.value} ${choice.count}`)]),
  );
};

describe("option facets in the merchant's order (#22)", () => {
  it('lists sizes as the products define them, not by count or name', async () => {
    expect((await choices()).Size).toEqual(['S 1', 'M 4', 'L 4', 'XL 3']);
  });

  it('lists colours in the order the products define them', async () => {
    expect((await choices()).Color).toEqual(['Sand 3', 'Black 3']);
  });
});
