import type { Product } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { combinationsOf, variantOverridesOf } from './new-product-draft.js';

const product: Partial<Product> = {
  manageVariants: true,
  stock: { trackInventory: true },
  productOptions: [
    {
      name: 'Size',
      choices: [
        { value: 'S', description: 'S' },
        { value: 'M', description: 'M' },
      ],
    },
    { name: 'Colour', optionType: 'color', choices: [{ value: '#c0392b', description: 'Red' }] },
  ],
};

describe('a new product’s variants before the first save (#24)', () => {
  it('lists every combination as the server makes them, keyed by the API’s choices and named by their labels', () => {
    expect(combinationsOf(product).map((combination) => [combination.label, combination.choices])).toEqual([
      ['S / Red', { Size: 'S', Colour: '#c0392b' }],
      ['M / Red', { Size: 'M', Colour: '#c0392b' }],
    ]);
    expect(combinationsOf({ productOptions: [] })).toEqual([]);
  });

  it('sends only what was typed, by choices, and each variant’s own stock when it counts them one by one', () => {
    const [small, medium] = combinationsOf(product).map((combination) => combination.key) as [string, string];
    const rows = { [small]: { sku: ' S-1 ', price: '', quantity: '4' }, [medium]: { sku: '', price: '', quantity: '' } };
    expect(variantOverridesOf(product, rows, 2)).toEqual({
      overrides: [{ choices: { Size: 'S', Colour: '#c0392b' }, sku: 'S-1', quantity: 4 }],
    });
    const shared = variantOverridesOf({ ...product, stock: { trackInventory: false } }, rows, 2);
    expect(shared).toEqual({ overrides: [{ choices: { Size: 'S', Colour: '#c0392b' }, sku: 'S-1' }] });
  });

  it.each([
    ['price', { sku: '', price: '12.345', quantity: '' }, 'Type an amount, or leave it empty for the product’s price.'],
    ['quantity', { sku: '', price: '', quantity: '-2' }, 'Type how many are in stock (a whole number).'],
  ])('names a bad %s by its row', (field, row, message) => {
    const [small] = combinationsOf(product).map((combination) => combination.key) as [string];
    expect(variantOverridesOf(product, { [small]: row }, 2)).toEqual({ errors: { [`variants.${small}.${field}`]: message } });
  });
});
