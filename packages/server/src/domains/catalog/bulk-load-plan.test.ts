import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/test-database.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { UNKNOWN_IDENTITY } from '../events/event-identity.js';
import { EventPublisher } from '../events/publisher.js';
import { planProduct } from './bulk-load-plan.js';
import { insertPlannedProducts } from './bulk-load-store.js';
import { productChange } from './product-input.js';
import { toWireProduct } from './product-view.js';
import { listVariantsOf } from './read-store.js';
import type { ProductInput } from './write-schemas.js';
import { CatalogWriteService } from './write-service.js';

let database: DatabaseHandle;
const view = { publicUrl: 'http://shop.test' };
let writes: CatalogWriteService;

beforeAll(async () => {
  database = await freshDatabase();
  writes = new CatalogWriteService({ db: database.db, events: new EventPublisher(), currency: 'USD', view });
});
afterAll(() => database?.close());

/** The product as the merchant sees it, without what differs between two copies (ids, slug, dates). */
async function comparable(id: string) {
  const row = await database.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const variants = (await listVariantsOf(database.db, [id], { visibleOnly: false })).get(id) ?? [];
  const {
    id: _id,
    slug: _slug,
    createdDate: _c,
    lastUpdated: _l,
    productPageUrl: _p,
    ...wire
  } = toWireProduct(row, variants, [], {
    merchant: true,
    publicUrl: view.publicUrl,
  });
  return { ...wire, variants: wire.variants.map(({ id: _v, ...variant }) => variant) };
}

/** The same input created by the write service and loaded by the bulk path. */
async function both(input: ProductInput & { name: string }) {
  const created = await writes.createProduct(input, UNKNOWN_IDENTITY);
  const change = productChange(input, 'USD');
  const planned = planProduct(
    { name: input.name, slug: `bulk-${crypto.randomUUID()}`, patch: change.patch, options: change.options ?? [] },
    'USD',
  );
  await insertPlannedProducts(database.db, [planned]);
  return { service: await comparable(created.id), bulk: await comparable(planned.row.id) };
}

describe('the bulk path', () => {
  it.each<[string, ProductInput & { name: string }]>([
    ['a product without options', { name: 'Plain mug', priceData: { price: 12.5 }, costAndProfitData: { itemCost: 4 }, weight: 0.4 }],
    [
      'options, a PERCENT discount and tracked stock',
      {
        name: 'Tee',
        priceData: { price: 20 },
        discount: { type: 'PERCENT', value: 15 },
        stock: { trackInventory: true, quantity: 7 },
        productOptions: [
          { name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] },
          { name: 'Color', optionType: 'color', choices: [{ value: 'Red' }, { value: 'Blue' }, { value: 'Black' }] },
        ],
      },
    ],
    [
      'an AMOUNT discount, untracked and out of stock, hidden',
      {
        name: 'Poster',
        priceData: { price: 30 },
        discount: { type: 'AMOUNT', value: 5 },
        stock: { trackInventory: false, inStock: false },
        visible: false,
      },
    ],
    [
      'tracked with nothing left',
      { name: 'Pin', priceData: { price: 9 }, stock: { trackInventory: true, quantity: 0 }, ribbon: 'Sale', brand: 'Acme' },
    ],
  ])('stores %s exactly as the write service does', async (_name, input) => {
    const { service, bulk } = await both(input);
    expect(bulk).toEqual(service);
  });

  it('applies variant overrides and derives the price range from them', () => {
    const change = productChange(
      { name: 'Hoodie', priceData: { price: 50 }, productOptions: [{ name: 'Size', choices: [{ value: 'M' }, { value: 'XL' }] }] },
      'USD',
    );
    const plannedProduct = planProduct(
      {
        name: 'Hoodie',
        slug: 'hoodie',
        patch: change.patch,
        options: change.options ?? [],
        variants: [{ choices: { Size: 'XL' }, price: 55, sku: 'H-XL' }],
      },
      'USD',
    );
    expect(plannedProduct.variants.map((variant) => [variant.choices_key, variant.price, variant.sku])).toEqual([
      ['Size=M', null, null],
      ['Size=XL', '55', 'H-XL'],
    ]);
    expect([plannedProduct.row.price_min, plannedProduct.row.price_max, plannedProduct.row.manage_variants]).toEqual([
      '50.00',
      '55.00',
      true,
    ]);
  });

  it('refuses an override that names no combination', () => {
    expect(() => planProduct({ name: 'Mug', slug: 'mug', patch: {}, options: [], variants: [{ choices: { Size: 'L' } }] }, 'USD')).toThrow(
      /not a combination/,
    );
  });
});
