// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCollections, type InsertedProduct, insertCollection, insertProduct } from '../../../server/test/support/catalog-fixtures.js';
import { harness, settled } from '../../test/support/render.js';
import { shopClient, startShop, type TestServer } from '../../test/support/shop.js';
import { useCollection } from './use-collection.js';
import { useCollections } from './use-collections.js';
import { useProduct } from './use-product.js';
import { useProducts } from './use-products.js';
import { useVariant } from './use-variant.js';

let server: TestServer;
let mug: InsertedProduct;
let tee: InsertedProduct;

beforeAll(async () => {
  server = await startShop();
  const db = server.database.db;
  mug = await insertProduct(db, { name: 'Blue mug', slug: 'blue-mug', price: '12.00' });
  tee = await insertProduct(db, {
    name: 'Tee',
    slug: 'tee',
    price: '20.00',
    trackInventory: true,
    options: [
      { name: 'Size', choices: ['S', 'L'] },
      { name: 'Color', choices: ['Red', 'Blue'] },
    ],
    variants: [
      { choices: { Size: 'S', Color: 'Red' }, quantity: 4 },
      { choices: { Size: 'S', Color: 'Blue' }, quantity: 0 },
      { choices: { Size: 'L', Color: 'Red' }, quantity: 2, price: '22.00' },
      { choices: { Size: 'L', Color: 'Blue' }, quantity: 1 },
    ],
  });
  await insertProduct(db, { name: 'Green mug', slug: 'green-mug', price: '8.00' });
  await insertProduct(db, { name: 'Prototype', slug: 'prototype', visible: false });
  const kitchen = await insertCollection(db, { name: 'Kitchen', slug: 'kitchen' });
  await addToCollections(db, mug.id, [kitchen.id]);
});
afterAll(() => server?.close());

const render = <T,>(hook: () => T) => renderHook(hook, { wrapper: harness(shopClient(server)).wrapper });

describe('useProducts', () => {
  it('lists the visible products, never the hidden one', async () => {
    const { result } = render(() => useProducts({ sort: [{ fieldName: 'name', order: 'ASC' }] }));
    await settled(() => result.current);
    expect(result.current.data?.products.map((product) => product.name)).toEqual(['Blue mug', 'Green mug', 'Tee']);
    expect(result.current.data).toMatchObject({ total: 3, offset: 0, limit: 50, hasNext: false, hasPrev: false });
  });

  it('filters, sorts and pages as described', async () => {
    const { result } = render(() =>
      useProducts({ filter: { name: { $contains: 'mug' } }, sort: [{ fieldName: 'price', order: 'DESC' }], limit: 1, offset: 1 }),
    );
    await settled(() => result.current);
    expect(result.current.data?.products.map((product) => product.name)).toEqual(['Green mug']);
    expect(result.current.data).toMatchObject({ total: 2, offset: 1, limit: 1, hasNext: false, hasPrev: true });
  });
});

describe('useProduct', () => {
  it('finds a product by slug', async () => {
    const { result } = render(() => useProduct('blue-mug'));
    await settled(() => result.current);
    expect(result.current.data).toMatchObject({ _id: mug.id, name: 'Blue mug', slug: 'blue-mug' });
  });

  it('finds a product by id', async () => {
    const { result } = render(() => useProduct(tee.id));
    await settled(() => result.current);
    expect(result.current.data?.name).toBe('Tee');
  });

  it('answers null (not an error) when there is no such product, hidden ones included', async () => {
    const { result } = render(() => [useProduct('no-such-thing'), useProduct('prototype')] as const);
    await settled(() => result.current);
    expect(result.current.map((query) => query.data)).toEqual([null, null]);
  });
});

describe('collections', () => {
  it('useCollections lists the collections', async () => {
    const { result } = render(() => useCollections());
    await settled(() => result.current);
    expect(result.current.data?.map((collection) => collection.slug)).toContain('kitchen');
  });

  it('useCollection finds one by slug, and null for an unknown slug', async () => {
    const { result } = render(() => [useCollection('kitchen'), useCollection('nowhere')] as const);
    await settled(() => result.current);
    expect(result.current[0].data).toMatchObject({ name: 'Kitchen', slug: 'kitchen' });
    expect(result.current[1].data).toBeNull();
  });
});

describe('useVariant', () => {
  it('selects the variant of a complete choice, with its price and stock', async () => {
    const { result } = render(() => useVariant(tee.id, { Size: 'L', Color: 'Red' }));
    await settled(() => result.current);
    expect(result.current.data).toMatchObject({
      availableForPurchase: true,
      variantSelectionAvailable: true,
      selectedVariant: { inStock: true, quantity: 2, price: { price: 22 } },
    });
  });

  it('says which choices remain available under a partial selection', async () => {
    const { result } = render(() => useVariant(tee.id, { Size: 'S' }));
    await settled(() => result.current);
    const data = result.current.data;
    expect(data?.selectedVariant).toBeNull();
    expect(data?.availableForPurchase).toBe(false);
    const color = data?.options.find((option) => option.name === 'Color');
    expect(color?.choices.map((choice) => [choice.value, choice.available, choice.selected])).toEqual([
      ['Red', true, false],
      ['Blue', false, false],
    ]);
    const size = data?.options.find((option) => option.name === 'Size');
    expect(size?.choices.filter((choice) => choice.selected).map((choice) => choice.value)).toEqual(['S']);
  });
});
