import type { Product } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { currencyDecimals, draftOf, emptyOption, parseAmount, productOf } from './product-draft.js';

const valid = () => ({ ...draftOf(), name: 'Mug', price: '12.50' });

describe('the product form’s conversions', () => {
  it('reads a stored product into the form and sends back the same fields', () => {
    const stored: Product = {
      _id: 'p1',
      name: 'Kettle',
      slug: 'kettle',
      description: '<p>Hot</p>',
      productType: 'physical',
      visible: false,
      sku: 'K-1',
      brand: 'Acme',
      ribbon: 'New',
      priceData: { currency: 'USD', price: 40 },
      discount: { type: 'PERCENT', value: 10 },
      costAndProfitData: { itemCost: 12.25 },
      weight: 1.2,
      stock: { trackInventory: true, quantity: 7 },
      manageVariants: false,
      productOptions: [
        { name: 'Colour', optionType: 'color', choices: [{ value: '#c0392b', description: 'Red' }] },
        { name: 'Size', optionType: 'drop_down', choices: [{ value: 'L', description: 'L' }] },
      ],
    };
    const result = productOf(draftOf(stored), 'USD');
    expect(result).toEqual({
      product: {
        name: 'Kettle',
        slug: 'kettle',
        description: '<p>Hot</p>',
        productType: 'physical',
        sku: 'K-1',
        brand: 'Acme',
        ribbon: 'New',
        priceData: { price: 40 },
        discount: { type: 'PERCENT', value: 10 },
        costAndProfitData: { itemCost: 12.25 },
        weight: 1.2,
        manageVariants: false,
        stock: { trackInventory: true, quantity: 7 },
        productOptions: [
          { name: 'Colour', optionType: 'color', choices: [{ description: 'Red', value: '#c0392b' }] },
          { name: 'Size', optionType: 'drop_down', choices: [{ description: 'L', value: 'L' }] },
        ],
      },
    });
  });

  it('never sends visibility: publishing and hiding are their own action, saving the form keeps either (#24)', () => {
    for (const visible of [true, false]) {
      const result = productOf(draftOf({ name: 'Mug', priceData: { price: 3 }, visible }), 'USD');
      expect(result).toHaveProperty('product');
      expect((result as { product: Partial<Product> }).product).not.toHaveProperty('visible');
    }
  });

  it('clears emptied fields (null), so removing a brand or a cost removes it', () => {
    const result = productOf({ ...valid(), brand: '  ', ribbon: '', sku: '', cost: '', weight: '' }, 'USD');
    expect(result).toMatchObject({
      product: { brand: null, ribbon: null, sku: null, costAndProfitData: { itemCost: null }, weight: null },
    });
  });

  it.each([
    ['USD', '12.5', 12.5],
    ['USD', '12,50', 12.5],
    ['USD', '12.505', Number.NaN],
    ['JPY', '1200', 1200],
    ['JPY', '1200.5', Number.NaN],
    ['KWD', '1.125', 1.125],
    ['USD', '-3', Number.NaN],
    ['USD', '', undefined],
  ])('reads a %s price typed as "%s"', (currency, typed, expected) => {
    expect(parseAmount(typed, currencyDecimals(currency))).toBe(expected);
  });

  it('names each problem by its field', () => {
    const option = emptyOption();
    const twice = { ...emptyOption(), name: 'size', choices: [{ ...option.choices[0], description: 'S' }] };
    const result = productOf(
      {
        ...draftOf(),
        slug: 'Not A Slug',
        price: 'ten',
        discountKind: 'PERCENT',
        discountValue: '120',
        trackInventory: true,
        quantity: '2.5',
        options: [{ ...option, name: 'Size' }, twice],
      },
      'USD',
    );
    expect(result).toEqual({
      errors: {
        name: 'Give the product a name.',
        slug: 'Use lower-case letters, digits and single hyphens, like "blue-mug".',
        price: 'Type an amount like 12.50.',
        discountValue: 'A percentage is at most 100.',
        quantity: 'Type how many are in stock (a whole number).',
        'options.0.choices.0': 'Name the choice, or remove it.',
        'options.1.name': 'Two options have this name.',
      },
    });
  });

  it('refuses an amount discount above the price, and a zero discount', () => {
    expect(productOf({ ...valid(), discountKind: 'AMOUNT', discountValue: '13' }, 'USD')).toEqual({
      errors: { discountValue: 'The discount is more than the price.' },
    });
    expect(productOf({ ...valid(), discountKind: 'AMOUNT', discountValue: '0' }, 'USD')).toEqual({
      errors: { discountValue: 'Type the discount, above zero.' },
    });
  });

  it('asks for a product quantity only while the variants do not carry their own', () => {
    const sized = { ...emptyOption(), name: 'Size', choices: [{ ...emptyOption().choices[0], description: 'S' }] };
    const tracked = { ...valid(), trackInventory: true, quantity: '' };
    expect(productOf(tracked, 'USD')).toEqual({ errors: { quantity: 'Type how many are in stock (a whole number).' } });
    const perVariant = productOf({ ...tracked, options: [sized], manageVariants: true }, 'USD');
    expect(perVariant).toMatchObject({ product: { manageVariants: true, stock: { trackInventory: true } } });
    expect('product' in perVariant && perVariant.product.stock).not.toHaveProperty('quantity');
  });

  it('sends a colour choice’s swatch as its value and its name as its description', () => {
    const colour = {
      ...emptyOption(),
      name: 'Colour',
      kind: 'color' as const,
      choices: [{ key: 'a', description: ' Steel ', color: '#8A949E' }],
    };
    expect(productOf({ ...valid(), options: [colour] }, 'USD')).toMatchObject({
      product: { productOptions: [{ name: 'Colour', optionType: 'color', choices: [{ description: 'Steel', value: '#8a949e' }] }] },
    });
  });
});
